// Integer enums on the wire (CONTRACT), names in docs and the UI.
export const VISIBILITY = { Private: 0, Workspace: 1, Public: 2 } as const;
export const VISIBILITY_NAMES = ['Private', 'Workspace', 'Public'] as const;

export const EMBEDDING_PROVIDER = { Local: 0, OpenAI: 1, AzureOpenAI: 2, Ollama: 3, OpenAICompatible: 4 } as const;
export const EMBEDDING_PROVIDER_NAMES = ['Local', 'OpenAI', 'AzureOpenAI', 'Ollama', 'OpenAICompatible'] as const;

export const INBOX_STATUS = { Pending: 0, Review: 1, Filed: 2, Dismissed: 3 } as const;
export const INBOX_STATUS_NAMES = ['Pending', 'Review', 'Filed', 'Dismissed'] as const;
