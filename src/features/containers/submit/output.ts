// One output channel for every submission, each block between clear separators (see
// core/containers/submission-render.ts). The text of each block is kept in memory for "show output
// again" and for the host tests, which cannot read an output channel through the VS Code API.
import * as vscode from 'vscode';

export const SUBMISSIONS_CHANNEL_NAME = 'Sphere Engine Submissions';
/** Blocks kept in memory; older ones are fetched again from the service when asked for. */
const KEPT_BLOCKS = 50;

export class SubmissionOutput implements vscode.Disposable {
  private channel: vscode.OutputChannel | undefined;
  private readonly blocks = new Map<string, string>();
  /** Everything appended since activation, as the channel shows it (test hook; kept only under the tests). */
  private transcript = '';

  constructor(private readonly keepTranscript = false) {}

  /** Appends a submission's block (or a status line) and reveals the channel without focusing it. */
  append(text: string, reveal = true): void {
    const channel = this.ensure();
    const line = text.endsWith('\n') ? text : `${text}\n`;
    channel.append(line);
    if (this.keepTranscript) this.transcript += line;
    if (reveal) channel.show(true);
  }

  /** Remembers a finished submission's text under its key (endpoint + id). */
  remember(key: string, text: string): void {
    this.blocks.delete(key);
    this.blocks.set(key, text);
    while (this.blocks.size > KEPT_BLOCKS) this.blocks.delete(this.blocks.keys().next().value as string);
  }

  recall(key: string): string | undefined {
    return this.blocks.get(key);
  }

  text(): string {
    return this.transcript;
  }

  show(): void {
    this.ensure().show(true);
  }

  dispose(): void {
    this.channel?.dispose();
  }

  private ensure(): vscode.OutputChannel {
    // Created on first use so activation stays cheap and the Output list stays short.
    this.channel ??= vscode.window.createOutputChannel(SUBMISSIONS_CHANNEL_NAME);
    return this.channel;
  }
}

export function blockKey(endpoint: string, id: number): string {
  return `${endpoint}#${id}`;
}
