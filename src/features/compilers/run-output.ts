// The "Sphere Engine Run" output channel: program output framed like a local run. Under the
// extension's tests its text is also kept (bounded) for the test API, since no extension can read
// another's output channel; otherwise nothing is kept.
import * as vscode from 'vscode';
import { redact } from '../../api';

export const RUN_CHANNEL_NAME = 'Sphere Engine Run';
const KEEP_CHARS = 256 * 1024;

export class RunOutput implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel(RUN_CHANNEL_NAME);
  private kept = '';

  /** `keepText`: keep the last 256 KB for text() (the test hooks only). */
  constructor(private readonly keepText = false) {}

  /** Shows the channel without taking focus from the editor. */
  show(): void {
    this.channel.show(true);
  }

  appendLine(line: string): void {
    // Program output never holds our token, but stream URIs in error texts might.
    const text = redact(line);
    this.channel.appendLine(text);
    if (this.keepText) this.kept = (this.kept + text + '\n').slice(-KEEP_CHARS);
  }

  lines(lines: readonly string[]): void {
    for (const line of lines) this.appendLine(line);
  }

  text(): string {
    return this.kept;
  }

  clear(): void {
    this.channel.clear();
    this.kept = '';
  }

  dispose(): void {
    this.channel.dispose();
  }
}
