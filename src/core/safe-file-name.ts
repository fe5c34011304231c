// A name shown to people (a project's name, "left out of my folder") made fit to be a file name
// on any system: the characters Windows, macOS or Linux refuse in a name become "-".

/** `name` with forbidden characters replaced, or `fallback` when nothing is left. */
export function safeFileName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex -- control characters never belong in a file name
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim() || fallback;
}
