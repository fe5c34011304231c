// What POST /submissions and GET /submissions?ids= accept, in the Compilers and Problems APIs
// alike: the extension checks a request against these before sending it, and the emulator refuses
// more, as the service does. Named once here so the two cannot drift apart.

/** Bytes a submission's source may take: the text, the archive, or all files[] together. */
export const MAX_SUBMISSION_SOURCE_BYTES = 64 * 1024;

/** Most ids one GET /submissions?ids= accepts. */
export const MAX_IDS_PER_REQUEST = 20;
