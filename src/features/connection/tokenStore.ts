// Access tokens per module in SecretStorage (the OS keychain on desktop). Never in settings,
// never in globalState, never logged: every token read or written is registered with the
// api layer's redaction so it is masked wherever it might appear.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import type { ApiModule } from '../../api/modules';
import { registerSecret } from '../../api/redact';

export function tokenSecretKey(module: ApiModule): string {
  return `sphereEngine.token.${module}`;
}

export class TokenStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ApiModule>();
  /**
   * Fires with the module whose token was changed by someone else (another window). Changes made
   * through this store are not echoed: their callers already act on them, and a late echo would
   * reset state (test results) that was computed after the change.
   */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  /**
   * A fingerprint of the value this store last read or wrote per module: what an echo is
   * recognised by. Not the token itself, and in a private field, so nothing that reaches this
   * object (a debugger aside) reads a token from it.
   */
  readonly #known = new Map<ApiModule, string | undefined>();

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange(async (event) => {
      const module = moduleOfKey(event.key);
      if (!module) return;
      const hadKnown = this.#known.has(module);
      const before = this.#known.get(module);
      const now = fingerprint(await this.get(module));
      if (!hadKnown || before !== now) this.changed.fire(module);
    });
  }

  async get(module: ApiModule): Promise<string | undefined> {
    const token = (await this.secrets.get(tokenSecretKey(module))) || undefined;
    registerSecret(token);
    this.#known.set(module, fingerprint(token));
    return token;
  }

  async has(module: ApiModule): Promise<boolean> {
    return (await this.get(module)) !== undefined;
  }

  async set(module: ApiModule, token: string): Promise<void> {
    registerSecret(token);
    this.#known.set(module, fingerprint(token));
    await this.secrets.store(tokenSecretKey(module), token);
  }

  /** The old value stays registered for masking: a deleted token is still a secret. */
  async delete(module: ApiModule): Promise<void> {
    this.#known.set(module, undefined);
    await this.secrets.delete(tokenSecretKey(module));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** Enough to tell two tokens apart, nothing to sign in with. */
function fingerprint(token: string | undefined): string | undefined {
  return token === undefined ? undefined : createHash('sha256').update(token).digest('base64');
}

function moduleOfKey(key: string): ApiModule | undefined {
  const match = /^sphereEngine\.token\.(containers|compilers|problems)$/.exec(key);
  return match ? (match[1] as ApiModule) : undefined;
}
