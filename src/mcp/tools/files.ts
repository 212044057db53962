// File tools (CONTRACT "Files"): list a brain's attachments and read one. An image comes back as
// image content, a text file as its text and a PDF as its extracted text, with the file's facts
// as structured content. Uploads stay with REST and git (an agent's arguments are JSON).
import { S, type Infer } from '../../domain/validate.js';
import { LIMITS } from '../../domain/limits.js';
import { listFilesQuery, type ListFilesQuery } from '../../domain/schemas/files.js';
import { PATH } from '../../domain/schemas/pages.js';
import { ContentResult } from '../results.js';
import { brainCall, parseArgs, toolSchema, type ToolDef } from '../tool.js';


const listFiles = toolSchema(listFilesQuery, {
  prefix: 'Only files under this folder.', cursor: 'nextCursor from the previous call.', limit: `At most this many files (default 100, at most ${LIMITS.fileList}).`,
});
const readFileArgs = S.object({ path: PATH }, ['path']);
const readFile = toolSchema(readFileArgs, { path: 'File path inside the brain, with its extension, e.g. "img/logo.png" or "reports/q3.pdf".' });

export const fileTools: ToolDef[] = [
  {
    name: 'list_files',
    title: 'List files',
    description:
      'Attachments of a brain (images, PDFs, text, CSV, JSON kept beside the pages) in path order: path, contentType, size, updatedAt; pass nextCursor back as cursor. Read one with read_file.',
    inputSchema: listFiles,
    readOnly: true,
    run: brainCall<ListFilesQuery>((ctx, brain, input) => ctx.c.files.list(ctx.actor, brain, input)),
  },
  {
    name: 'read_file',
    title: 'Read a file',
    description:
      'One attachment by path: an image comes back as an image, a text, CSV or JSON file as its text, and a PDF as the text extracted from it; a PDF whose text could not be read comes back empty with textError (and a second text item) saying why.',
    inputSchema: readFile,
    readOnly: true,
    run: async (ctx, args) => {
      const { input, brain } = parseArgs<Infer<typeof readFileArgs>>(ctx, args);
      const { info, image, text, textStatus, textError } = await ctx.c.files.readForAgent(ctx.actor, brain, input.path);
      // A PDF also says whether its text was extracted and, when not, why (textStatus, textError).
      const structured = { ...info, ...(textStatus ? { textStatus } : {}), ...(textError ? { textError } : {}) };
      if (image) return new ContentResult([{ type: 'image', data: image.toString('base64'), mimeType: info.contentType }], structured);
      // The text first, as always (empty when there is none); the reason after it, for clients that show content only.
      return new ContentResult([{ type: 'text', text: text ?? '' }, ...(textError ? [{ type: 'text' as const, text: `No text: ${textError}` }] : [])], structured);
    },
  },
];
