// Text from the service (names, descriptions, messages, URLs) shown inside a MarkdownString: every
// Markdown character escaped, so it reads as written and never becomes a link, an image or markup.
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
