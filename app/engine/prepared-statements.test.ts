import { tableFromArrays, type Table } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { PreparedStatements, type PreparedStatement } from './prepared-statements';

/** A fake connection that logs what the worker would be asked: prepare, run, close. */
function fakeConnection(failing: Set<string> = new Set()) {
  const log: string[] = [];
  let next = 0;
  const prepare = async (sql: string): Promise<PreparedStatement> => {
    const id = next++;
    log.push(`prepare ${id} ${sql}`);
    return {
      query: async (...params: unknown[]): Promise<Table> => {
        log.push(`run ${id} ${params.join(',')}`);
        if (failing.has(sql)) throw new Error(`no table in ${sql}`);
        return tableFromArrays({ value: Int32Array.from(params as number[]) });
      },
      close: async () => void log.push(`close ${id}`),
    };
  };
  return { log, prepare };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PreparedStatements', () => {
  it('prepares a statement once per SQL text and runs it with each call\'s values', async () => {
    const { log, prepare } = fakeConnection();
    const statements = new PreparedStatements(prepare);
    const first = await statements.run('A', [1]);
    const second = await statements.run('A', [2]);
    await statements.run('B', [3]);
    expect([first.getChild('value')?.get(0), second.getChild('value')?.get(0)]).toEqual([1, 2]);
    expect(log).toEqual(['prepare 0 A', 'run 0 1', 'run 0 2', 'prepare 1 B', 'run 1 3']);
  });

  it('closes the least recently used statement past the limit, and keeps the one used again', async () => {
    const { log, prepare } = fakeConnection();
    const statements = new PreparedStatements(prepare, 2);
    await statements.run('A', [1]);
    await statements.run('B', [2]);
    await statements.run('A', [3]);
    await statements.run('C', [4]);
    await settle();
    expect(log).toEqual(['prepare 0 A', 'run 0 1', 'prepare 1 B', 'run 1 2', 'run 0 3', 'prepare 2 C', 'close 1', 'run 2 4']);
    expect(statements.size).toBe(2);
  });

  it('closes a statement that fell out only after the run using it', async () => {
    const { log, prepare } = fakeConnection();
    const statements = new PreparedStatements(prepare, 1);
    const running = statements.run('A', [1]);
    const other = statements.run('B', [2]);
    await Promise.all([running, other]);
    await settle();
    expect(log.indexOf('close 0')).toBeGreaterThan(log.indexOf('run 0 1'));
    expect(log.filter((line) => line.startsWith('close'))).toEqual(['close 0']);
  });

  it('plans a statement again after it failed, and closes the failed one', async () => {
    const failing = new Set(['A']);
    const { log, prepare } = fakeConnection(failing);
    const statements = new PreparedStatements(prepare);
    await expect(statements.run('A', [1])).rejects.toThrow('no table in A');
    failing.clear();
    await statements.run('A', [2]);
    await settle();
    expect(log).toEqual(['prepare 0 A', 'run 0 1', 'close 0', 'prepare 1 A', 'run 1 2']);
  });
});
