// The Containers tree's data and refresh rules, without VS Code (the bench drives it directly).
//
// Rules this class keeps:
// - One request per expanded level: the project list is one page of GET /projects; expanding a
//   project is one page of GET /workspaces?project_id=. Further pages only on "Load more".
// - Triggers are merged: refreshes asked for within one short window fire one change, and a
//   list that is already loading hands its promise to everyone who asks, so two triggers cost
//   one request.
// - Nothing is fetched or polled while the view is hidden; changes asked for meanwhile are
//   remembered and applied when it shows again.
// - Polling (the spec's 5 s rhythm) runs only while some shown workspace is in a state that
//   changes by itself (starting).
// - When the service cannot be reached, the last known rows stay, marked with their time.
import { isAbortError, type ListWorkspacesParams, type Project, SphereApiError, type TokenPage, type Workspace } from '../../../api';
import { CONTAINERS_POLL_MS } from '../../poller';
import {
  listOfProject,
  type DetailNode,
  type ListKey,
  type LoadMoreNode,
  type MessageNode,
  type ProjectNode,
  type RetryNode,
  type StaleNode,
  type TreeNode,
  type WorkspaceNode,
} from './nodes';
import { DEFAULT_STATE_FILTER, isTransitional, stateLabel, statesQuery } from './states';

/** The two calls the tree needs; ContainersClient has them (the bench may pass anything alike). */
export interface ContainersSource {
  listProjects(params: { limit?: number; pageToken?: string }, signal?: AbortSignal): Promise<TokenPage<Project>>;
  listWorkspaces(params: ListWorkspacesParams, signal?: AbortSignal): Promise<TokenPage<Workspace>>;
}

export type Grouping = 'project' | 'flat';

/** What the root shows; the view maps the last four to welcome views. */
export type RootState = 'loading' | 'ready' | 'empty' | 'error' | 'offline' | 'unauthorized';

export interface TreeModelOptions {
  client: () => Promise<ContainersSource>;
  pollIntervalMs?: number;
  /** How long triggers are collected before one change is fired. */
  mergeWindowMs?: number;
  /** Page sizes: the API's maxima, so a level costs as few requests as possible. */
  projectPageSize?: number;
  workspacePageSize?: number;
  now?: () => number;
  /** Errors of background loads (the view logs them). */
  onError?: (error: unknown) => void;
}

interface ListState {
  items: Array<Project | Workspace>;
  nextToken: string | null;
  /** When the items were fetched; undefined until the first success. */
  fetchedAt?: number;
  /** False when the list must be fetched again before it is shown. */
  valid: boolean;
  loading?: Promise<void>;
  /** The last load failed with this; the items (if any) are the last known ones. */
  error?: unknown;
  /** A refresh arrived while loading: the answer may predate it, so load again next time. */
  staleOnArrival?: boolean;
}

type ChangeListener = (node: TreeNode | undefined) => void;

export const PROJECT_PAGE_SIZE = 20;
export const WORKSPACE_PAGE_SIZE = 30;
/** Resets in a row during one read before it gives up (each reset fires a change that reads again). */
const MAX_LOADS_ACROSS_RESETS = 3;

/** See ContainersTreeModel.activity. */
export interface TreeActivity {
  /** A list is being fetched. */
  loading: boolean;
  /** A change waits out the merge window before the view is told. */
  changeScheduled: boolean;
  /** Changes asked for while the view is hidden, kept until it shows. */
  changesHeld: boolean;
  /** A poll round is due (a shown workspace changes by itself). */
  pollScheduled: boolean;
}

export class ContainersTreeModel {
  private readonly lists = new Map<ListKey, ListState>();
  private readonly nodes = new Map<string, TreeNode>();
  private readonly listeners = new Set<ChangeListener>();
  private readonly stateListeners = new Set<(state: RootState) => void>();
  private pending = new Set<TreeNode | undefined>();
  private mergeTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private visible = false;
  private generation = 0;
  private abort = new AbortController();
  private grouping: Grouping = 'project';
  private filter: readonly number[] = DEFAULT_STATE_FILTER;
  private rootState: RootState = 'loading';
  private rootError: unknown;
  private disposed = false;

  constructor(private readonly options: TreeModelOptions) {}

  // ---- inputs -----------------------------------------------------------------------------

  /** The view's visibility (TreeView.visible / onDidChangeVisibility, or a fake in the bench). */
  setVisible(visible: boolean): void {
    if (this.visible === visible) return;
    this.visible = visible;
    if (visible) {
      if (this.pending.size) this.scheduleFire();
      this.schedulePoll();
    } else {
      this.stopPoll();
      if (this.mergeTimer) {
        clearTimeout(this.mergeTimer);
        this.mergeTimer = undefined;
      }
    }
  }

  isVisible(): boolean {
    return this.visible;
  }

  /**
   * What the model is doing now, for tests that must know the work is over before asserting that
   * nothing more is sent (instead of watching the request log for a fixed time).
   */
  activity(): TreeActivity {
    return {
      loading: [...this.lists.values()].some((state) => state.loading !== undefined),
      changeScheduled: this.mergeTimer !== undefined,
      changesHeld: this.pending.size > 0 && !this.visible,
      pollScheduled: this.pollTimer !== undefined,
    };
  }

  getGrouping(): Grouping {
    return this.grouping;
  }

  setGrouping(grouping: Grouping): void {
    if (grouping === this.grouping) return;
    this.grouping = grouping;
    this.invalidateAll();
  }

  getStateFilter(): readonly number[] {
    return this.filter;
  }

  /** Workspace states to show; the lists are fetched again with the new `states[]`. */
  setStateFilter(states: readonly number[]): void {
    this.filter = [...new Set(states)].sort();
    for (const key of [...this.lists.keys()]) if (key !== 'projects') this.lists.delete(key);
    this.change(undefined);
  }

  /** Manual refresh of everything (or one list): the next showing fetches it again. */
  refresh(list?: ListKey): void {
    if (list) {
      this.invalidate(list);
      this.change(this.parentOf(list));
    } else {
      this.invalidateAll();
    }
  }

  /** Endpoint or token changed: forget everything, including the last known rows. */
  reset(): void {
    this.generation++;
    this.abort.abort();
    this.abort = new AbortController();
    this.lists.clear();
    this.nodes.clear();
    this.stopPoll();
    this.setRootState('loading', undefined);
    this.change(undefined);
  }

  onDidChange(listener: ChangeListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  onDidChangeRootState(listener: (state: RootState) => void): { dispose(): void } {
    this.stateListeners.add(listener);
    return { dispose: () => this.stateListeners.delete(listener) };
  }

  getRootState(): { state: RootState; error: unknown } {
    return { state: this.rootState, error: this.rootError };
  }

  // ---- reading ------------------------------------------------------------------------------

  async getChildren(parent?: TreeNode): Promise<TreeNode[]> {
    if (!parent) return this.rootChildren();
    if (parent.kind === 'project') {
      const list = listOfProject(parent.project.id);
      const state = await this.loaded(list);
      return [...this.details(parent.project), ...(state ? this.render(list, state, false) : [])];
    }
    return [];
  }

  /** Every workspace the tree currently knows (for pickers: no request). */
  knownWorkspaces(): Workspace[] {
    const seen = new Map<string, Workspace>();
    for (const [key, state] of this.lists) {
      if (key === 'projects') continue;
      for (const item of state.items) seen.set((item as Workspace).id, item as Workspace);
    }
    return [...seen.values()];
  }

  knownProjects(): Project[] {
    return (this.lists.get('projects')?.items ?? []) as Project[];
  }

  /** Fetches the next page of a list and shows it below the rows already there. */
  async loadMore(list: ListKey): Promise<void> {
    const state = this.lists.get(list);
    if (!state?.nextToken) return;
    if (state.loading) return state.loading;
    const generation = this.generation;
    const token = state.nextToken;
    state.loading = (async () => {
      const page = await this.fetchPage(list, token);
      if (generation !== this.generation) return;
      state.items = [...state.items, ...page.items.filter((item) => !state.items.some((known) => known.id === item.id))];
      state.nextToken = page.paging?.next_page_token || null;
    })().finally(() => {
      state.loading = undefined;
      state.staleOnArrival = false;
    });
    await state.loading;
    this.change(this.parentOf(list));
    this.schedulePoll();
  }

  dispose(): void {
    this.disposed = true;
    this.abort.abort();
    this.stopPoll();
    if (this.mergeTimer) clearTimeout(this.mergeTimer);
    this.listeners.clear();
    this.stateListeners.clear();
  }

  // ---- loading ------------------------------------------------------------------------------

  private async rootChildren(): Promise<TreeNode[]> {
    const list: ListKey = this.grouping === 'project' ? 'projects' : 'all';
    const state = await this.loaded(list);
    // Reset again and again while loading: stay "loading"; the last reset's change asks again.
    if (!state) return [];
    if (state.error !== undefined && state.fetchedAt === undefined) {
      this.setRootState(isUnauthorized(state.error) ? 'unauthorized' : isUnreachable(state.error) ? 'offline' : 'error', state.error);
      return [];
    }
    if (state.error !== undefined && isUnauthorized(state.error)) {
      this.setRootState('unauthorized', state.error);
      return [];
    }
    const rows = this.render(list, state, true);
    this.setRootState(state.items.length === 0 && state.error === undefined ? 'empty' : 'ready', state.error);
    return rows;
  }

  /**
   * Loads a list and returns its state. reset() (endpoint or token changed) during the load drops
   * every list and makes the answer belong to the old connection, so the list is loaded again for
   * the new one: the caller shows the new state, never a list that is gone.
   */
  private async loaded(list: ListKey): Promise<ListState | undefined> {
    for (let round = 0; round < MAX_LOADS_ACROSS_RESETS && !this.disposed; round++) {
      const generation = this.generation;
      await this.ensure(list);
      const state = this.lists.get(list);
      if (state && generation === this.generation) return state;
    }
    return undefined;
  }

  /** Loads the first page of a list unless it is valid; concurrent callers share one request. */
  private ensure(list: ListKey): Promise<void> {
    let state = this.lists.get(list);
    if (!state) {
      state = { items: [], nextToken: null, valid: false };
      this.lists.set(list, state);
    }
    // A refresh that arrived during the load wants a newer answer than the one in flight.
    if (state.loading) return state.staleOnArrival ? state.loading.then(() => this.ensure(list)) : state.loading;
    if (state.valid) return Promise.resolve();
    const generation = this.generation;
    const target = state;
    target.staleOnArrival = false;
    target.loading = (async () => {
      try {
        const page = await this.fetchPage(list, undefined);
        if (generation !== this.generation) return;
        target.items = page.items;
        target.nextToken = page.paging?.next_page_token || null;
        target.fetchedAt = this.now();
        target.error = undefined;
      } catch (err) {
        if (generation !== this.generation || isAbortError(err)) return;
        target.error = err;
        this.options.onError?.(err);
      } finally {
        target.valid = generation === this.generation && !target.staleOnArrival;
        target.staleOnArrival = false;
        target.loading = undefined;
      }
    })();
    return target.loading.then(() => this.schedulePoll());
  }

  private async fetchPage(list: ListKey, pageToken: string | undefined): Promise<TokenPage<Project | Workspace>> {
    const client = await this.options.client();
    const signal = this.abort.signal;
    if (list === 'projects') {
      return client.listProjects({ limit: this.options.projectPageSize ?? PROJECT_PAGE_SIZE, pageToken }, signal);
    }
    const projectId = list === 'all' ? undefined : list.slice('project:'.length);
    return client.listWorkspaces({ projectId, states: statesQuery(this.filter), limit: this.options.workspacePageSize ?? WORKSPACE_PAGE_SIZE, pageToken }, signal);
  }

  // ---- rendering ----------------------------------------------------------------------------

  private render(list: ListKey, state: ListState, atRoot: boolean): TreeNode[] {
    const rows: TreeNode[] = [];
    if (state.error !== undefined) {
      if (state.fetchedAt !== undefined) {
        rows.push(this.node<StaleNode>({ kind: 'stale', key: `${list}/stale`, list, fetchedAt: state.fetchedAt, reason: reasonOf(state.error) }));
      } else if (!atRoot) {
        rows.push(this.node<MessageNode>({ kind: 'message', key: `${list}/error`, text: 'Could not load the workspaces', detail: reasonOf(state.error), severity: 'error' }));
      }
      rows.push(this.node<RetryNode>({ kind: 'retry', key: `${list}/retry`, list }));
    }
    for (const item of state.items) {
      if (list === 'projects') {
        rows.push(this.node<ProjectNode>({ kind: 'project', key: `project:${item.id}`, project: item as Project }));
      } else {
        rows.push(this.node<WorkspaceNode>({ kind: 'workspace', key: `${list}/ws:${item.id}`, workspace: item as Workspace, flat: list === 'all' }));
      }
    }
    if (!atRoot && state.error === undefined && state.items.length === 0) {
      rows.push(this.node<MessageNode>({ kind: 'message', key: `${list}/empty`, text: this.emptyText(), severity: 'info' }));
    }
    if (state.nextToken) {
      const noun = list === 'projects' ? 'projects' : 'workspaces';
      rows.push(this.node<LoadMoreNode>({ kind: 'loadMore', key: `${list}/more`, list, noun }));
    }
    return rows;
  }

  private details(project: Project): DetailNode[] {
    const base = `project:${project.id}/detail`;
    return [
      this.node<DetailNode>({ kind: 'detail', key: `${base}:stack`, label: 'Stack', value: project.stack || '(none)', icon: 'layers' }),
      this.node<DetailNode>({ kind: 'detail', key: `${base}:slots`, label: 'Slots', value: String(project.slots), icon: 'server' }),
      this.node<DetailNode>({ kind: 'detail', key: `${base}:template`, label: 'Template', value: project.template ? 'yes' : 'no', icon: 'file-code' }),
      this.node<DetailNode>({ kind: 'detail', key: `${base}:description`, label: 'Description', value: project.description || '(none)', icon: 'info' }),
    ];
  }

  private emptyText(): string {
    const filtered = statesQuery(this.filter);
    return filtered ? `No workspaces (showing ${filtered.map(stateLabel).join(', ')})` : 'No workspaces';
  }

  /** Keeps one object per key, so VS Code's targeted refresh finds the element it showed. */
  private node<T extends TreeNode>(fresh: T): T {
    const known = this.nodes.get(fresh.key);
    if (known && known.kind === fresh.kind) {
      Object.assign(known, fresh);
      return known as T;
    }
    this.nodes.set(fresh.key, fresh);
    return fresh;
  }

  private parentOf(list: ListKey): TreeNode | undefined {
    if (list === 'projects' || list === 'all') return undefined;
    return this.nodes.get(`project:${list.slice('project:'.length)}`);
  }

  // ---- change events and polling ------------------------------------------------------------

  private invalidateAll(): void {
    for (const list of this.lists.keys()) this.invalidate(list);
    this.change(undefined);
  }

  private invalidate(list: ListKey): void {
    const state = this.lists.get(list);
    if (!state) return;
    state.valid = false;
    if (state.loading) state.staleOnArrival = true;
  }

  /** Collects a change; fired after the merge window, and only while the view is visible. */
  private change(node: TreeNode | undefined): void {
    if (this.disposed) return;
    this.pending.add(node);
    if (this.visible) this.scheduleFire();
  }

  private scheduleFire(): void {
    if (this.mergeTimer) return;
    this.mergeTimer = setTimeout(() => {
      this.mergeTimer = undefined;
      const nodes = this.pending;
      this.pending = new Set();
      // A root change covers every node below it.
      const targets = nodes.has(undefined) ? [undefined] : [...nodes];
      for (const target of targets) for (const listener of this.listeners) listener(target);
    }, this.options.mergeWindowMs ?? 50);
  }

  private schedulePoll(): void {
    if (!this.visible || this.pollTimer || this.disposed) return;
    if (this.transitionalLists().length === 0) return;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = undefined;
      for (const list of this.transitionalLists()) {
        this.invalidate(list);
        this.change(this.parentOf(list));
      }
    }, this.options.pollIntervalMs ?? CONTAINERS_POLL_MS);
  }

  private stopPoll(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = undefined;
  }

  /** Shown lists with a workspace that changes by itself (and that are not about to reload). */
  private transitionalLists(): ListKey[] {
    const out: ListKey[] = [];
    for (const [key, state] of this.lists) {
      if (key === 'projects' || !state.valid) continue;
      if (state.items.some((item) => isTransitional(item as Workspace))) out.push(key);
    }
    return out;
  }

  private setRootState(state: RootState, error: unknown): void {
    if (state === this.rootState && error === this.rootError) return;
    this.rootError = error;
    this.rootState = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}

export function isUnauthorized(err: unknown): boolean {
  return err instanceof SphereApiError && (err.status === 401 || err.action === 'setToken');
}

/** No answer at all, or the gateway's 5xx: the service cannot be reached right now. */
export function isUnreachable(err: unknown): boolean {
  if (!(err instanceof SphereApiError)) return false;
  if (err.kind === 'http') return err.status !== undefined && err.status >= 500;
  return ['timeout', 'connectionRefused', 'dns', 'network', 'malformed', 'tls'].includes(err.kind);
}

function reasonOf(err: unknown): string {
  if (err instanceof SphereApiError) return err.explanation;
  return err instanceof Error ? err.message : String(err);
}
