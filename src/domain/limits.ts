// The numeric limits of the API's list and search parameters, in one place: REST validation, the
// services that clamp, the OpenAPI document and the MCP tool schemas all read them from here, so
// the maximum an agent sees in a tool schema is the one the REST route enforces.
export const LIMITS = {
  /** characters of a page or file path named in a request (body, query or tool argument). */
  path: 1024,
  /** search: hits per call (`limit`, default 8); over it is refused (REST and MCP read the same schema). */
  searchHits: 100,
  /** search: characters of the search text. */
  searchQuery: 1000,
  /** traverse: pages returned (`limit`, default 50). */
  traverseNodes: 500,
  /** traverse: link hops (`depth`, default 2). */
  traverseDepth: 3,
  /** list pages: pages per call (default 100). */
  pageList: 1000,
  /** changes feed: changes per call (default 100). */
  changes: 1000,
  /** a page's timeline entries per call (default all). */
  timeline: 10_000,
  /** a page's history versions per call (default 100). */
  history: 1000,
  /** wanted link targets per call. */
  wanted: 1000,
  /** inbox items per call (default 50). */
  inboxList: 200,
  /** files (attachments) per list call (default 100). */
  fileList: 500,
} as const;
