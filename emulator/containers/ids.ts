// Identifiers shaped like the service's: workspaces and projects use 32 lowercase hex characters.
import { randomBytes } from 'node:crypto';

export function hexId(): string {
  return randomBytes(16).toString('hex');
}
