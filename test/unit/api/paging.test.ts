import * as assert from 'node:assert/strict';
import { collect, ContainersClient, iterateByOffset, iterateByPageToken, ProblemsClient } from '../../../src/api';
import { startRecordingServer, type RecordingServer } from './recording-server';

describe('api/paging', () => {
  it('page tokens: follows next_page_token to the last page (null)', async () => {
    const pages: Record<string, { items: number[]; next: string | null }> = {
      '': { items: [1, 2], next: 'b' },
      b: { items: [3, 4], next: 'c' },
      c: { items: [5], next: null },
    };
    const asked: Array<string | undefined> = [];
    const all = await collect(
      iterateByPageToken(async (token) => {
        asked.push(token);
        const p = pages[token ?? ''];
        return { items: p.items, paging: { next_page_token: p.next, previous_page_token: null } };
      }),
    );
    assert.deepEqual(all, [1, 2, 3, 4, 5]);
    assert.deepEqual(asked, [undefined, 'b', 'c']);
  });

  it('page tokens: stops when next_page_token is absent or repeats', async () => {
    let calls = 0;
    const all = await collect(iterateByPageToken(async () => ({ items: [calls++], paging: { next_page_token: 'same', previous_page_token: null } })));
    assert.deepEqual(all, [0, 1], 'second page repeats the token: stop');
    const none = await collect(iterateByPageToken(async () => ({ items: [7] }) as any));
    assert.deepEqual(none, [7]);
  });

  it('limit/offset: stops on a short page', async () => {
    const data = Array.from({ length: 23 }, (_, i) => i);
    const offsets: number[] = [];
    const all = await collect(
      iterateByOffset(async (offset, limit) => {
        offsets.push(offset);
        return { items: data.slice(offset, offset + limit), paging: { next: 'x' } };
      }, 10),
    );
    assert.deepEqual(all, data);
    assert.deepEqual(offsets, [0, 10, 20]);
  });

  it('limit/offset: stops when paging.next is null even on a full page', async () => {
    const offsets: number[] = [];
    const all = await collect(
      iterateByOffset(async (offset, limit) => {
        offsets.push(offset);
        return { items: Array.from({ length: limit }, (_, i) => offset + i), paging: { next: offset === 0 ? 'more' : null } };
      }, 5),
    );
    assert.equal(all.length, 10);
    assert.deepEqual(offsets, [0, 5]);
  });

  describe('through the clients', () => {
    let server: RecordingServer;
    before(async () => {
      server = await startRecordingServer();
    });
    after(() => server.close());

    it('iterateWorkspaces walks every page, keeping the filter', async () => {
      server.requests.length = 0;
      server.handler = (req) => {
        const t = req.query.get('page_token');
        if (!t) return { json: { items: [{ id: 'a', state: { code: 2 } }], paging: { next_page_token: 'p2', previous_page_token: null } } };
        return { json: { items: [{ id: 'b', state: { code: 2 } }], paging: { next_page_token: null, previous_page_token: 'p1' } } };
      };
      const client = new ContainersClient({ endpoint: `${server.origin}/containers`, token: 'tok-paging' });
      const ids = (await collect(client.iterateWorkspaces({ states: [2] }))).map((w) => w.id);
      await client.close();
      assert.deepEqual(ids, ['a', 'b']);
      assert.deepEqual(
        server.requests.map((r) => r.query.getAll('states[]')),
        [['2'], ['2']],
      );
    });

    it('iterateProblems walks limit/offset pages to the short one', async () => {
      server.requests.length = 0;
      server.handler = (req) => {
        const offset = Number(req.query.get('offset'));
        const items = offset === 0 ? [{ id: 1 }, { id: 2 }] : [{ id: 3 }];
        return { json: { items, paging: { limit: 2, offset, next: offset === 0 ? 'n' : null, prev: null } } };
      };
      const client = new ProblemsClient({ endpoint: `${server.origin}/problems`, token: 'tok-paging' });
      const ids = (await collect(client.iterateProblems({ limit: 2 }))).map((p) => p.id);
      await client.close();
      assert.deepEqual(ids, [1, 2, 3]);
      assert.deepEqual(
        server.requests.map((r) => r.query.get('offset')),
        ['0', '2'],
      );
    });
  });
});
