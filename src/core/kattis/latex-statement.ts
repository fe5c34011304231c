// A LaTeX problem statement turned into Markdown as far as that is honest: the usual sectioning,
// emphasis and lists become Markdown, math stays as $...$, and whatever else is left is shown as
// written. The .tex file itself is kept next to the folder's statement.

const REPLACEMENTS: Array<[RegExp, string]> = [
  [/\\problemname\{([^}]*)\}/g, '# $1'],
  [/\\(?:sub)?section\*?\{([^}]*)\}/g, '\n## $1\n'],
  [/\\textbf\{([^}]*)\}/g, '**$1**'],
  [/\\(?:emph|textit)\{([^}]*)\}/g, '*$1*'],
  [/\\texttt\{([^}]*)\}/g, '`$1`'],
  [/\\begin\{(?:itemize|enumerate)\}|\\end\{(?:itemize|enumerate)\}/g, ''],
  [/^[ \t]*\\item[ \t]*/gm, '- '],
  // A LaTeX line break becomes CommonMark's backslash hard break.
  [/\\\\[ \t]*$/gm, '\\'],
  [/\\(?:begin|end)\{(?:center|flushleft|flushright)\}/g, ''],
  [/(?<!\\)%.*$/gm, ''],
  [/\\%/g, '%'],
];

export function latexToMarkdown(tex: string): string {
  let md = tex;
  for (const [re, to] of REPLACEMENTS) md = md.replace(re, to);
  return `${md
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
