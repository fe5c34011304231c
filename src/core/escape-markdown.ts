// Text from the service (names, descriptions, messages, URLs) shown inside a MarkdownString: every
// Markdown character escaped, so it reads as written and never becomes a link, an image or markup.
// Also what turns plain text into a link or an icon without any markup (issue 36 item 4): `:` and
// `.` (a server's `https://…` or `www.…` is autolinked by GFM renderers, and escaping only the dots
// still left `https://evil` a link), `@` (e-mail addresses), `&` (an entity could spell any of
// these), `$` (a theme icon, where those are on) and `~` (strikethrough).
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>:@&$~]/g, '\\$&');
}

/**
 * A value the service documents as a number (an id, a count, a limit, a test number) as Markdown:
 * the number itself when it is one, else whatever was sent, escaped, so a server cannot slip a
 * link or an image into a tooltip or a page through a field we print raw.
 */
export function markdownNumber(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : escapeMarkdown(String(value ?? ''));
}

/** Server text in a code span (an id): as code when it holds no backtick or line break, else escaped text. */
export function markdownCode(value: unknown): string {
  const text = String(value ?? '');
  return /[`\r\n]/.test(text) || !text ? escapeMarkdown(text) : `\`${text}\``;
}

/** Any server value (a date, a name) as Markdown text: escaped. */
export const markdownText = (value: unknown): string => escapeMarkdown(String(value ?? ''));
