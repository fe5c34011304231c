// Access tokens per profile and module in SecretStorage (the OS keychain on desktop). Never in
// settings, never in globalState, never logged: every token read or written is registered with the
// api layer's redaction so it is masked wherever it might appear. The key holds the profile's id,
// never its name: renaming keeps the tokens, and a new profile never finds an old one's token.
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { type ApiModule, registerSecret } from '../api';

export function tokenSecretKey(profileId: string, module: ApiModule): string {
  return `sphereEngine.profile.${profileId}.token.${module}`;
}

/** Where versions before profiles kept the one token per module (read once, by the migration). */
export function legacyTokenSecretKey(module: ApiModule): string {
  return `sphereEngine.token.${module}`;
}

export interface TokenChange {
  profileId: string;
  module: ApiModule;
}

export class TokenStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TokenChange>();
  /**
   * Fires with the profile and module whose token was changed by someone else (another window). Changes made
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
  readonly #known = new Map<string, string | undefined>();

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange(async (event) => {
      const change = changeOfKey(event.key);
      if (!change) return;
      const hadKnown = this.#known.has(event.key);
      const before = this.#known.get(event.key);
      const now = fingerprint(await this.get(change.profileId, change.module));
      if (!hadKnown || before !== now) this.changed.fire(change);
    });
  }

  async get(profileId: string, module: ApiModule): Promise<string | undefined> {
    const key = tokenSecretKey(profileId, module);
    const token = (await this.secrets.get(key)) || undefined;
    registerSecret(token);
    this.#known.set(key, fingerprint(token));
    return token;
  }

  async has(profileId: string, module: ApiModule): Promise<boolean> {
    return (await this.get(profileId, module)) !== undefined;
  }

  async set(profileId: string, module: ApiModule, token: string): Promise<void> {
    const key = tokenSecretKey(profileId, module);
    registerSecret(token);
    this.#known.set(key, fingerprint(token));
    await this.secrets.store(key, token);
  }

  /** The old value stays registered for masking: a deleted token is still a secret. */
  async delete(profileId: string, module: ApiModule): Promise<void> {
    const key = tokenSecretKey(profileId, module);
    this.#known.set(key, undefined);
    await this.secrets.delete(key);
  }

  /**
   * Moves the tokens of the versions before profiles to `profileId`, once: the old keys are
   * deleted, so no second copy of a token stays behind. A token already under the profile wins.
   */
  async adoptLegacyTokens(profileId: string, modules: readonly ApiModule[]): Promise<ApiModule[]> {
    const adopted: ApiModule[] = [];
    for (const module of modules) {
      const legacy = (await this.secrets.get(legacyTokenSecretKey(module))) || undefined;
      if (legacy === undefined) continue;
      registerSecret(legacy);
      if (!(await this.has(profileId, module))) {
        await this.set(profileId, module, legacy);
        adopted.push(module);
      }
      await this.secrets.delete(legacyTokenSecretKey(module));
    }
    return adopted;
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

function changeOfKey(key: string): TokenChange | undefined {
  const match = /^sphereEngine\.profile\.(.+)\.token\.(containers|compilers|problems)$/.exec(key);
  return match ? { profileId: match[1], module: match[2] as ApiModule } : undefined;
}
