// A failed change-bus publish is reported (warned and counted) and still reaches its caller
// (docs/decisions/0027-notification-path.md).
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { MemoryChangeBus, reportPublishFailures } from '../../src/lib/change-bus.ts';
import { Metrics } from '../../src/observability/metrics.ts';

class BrokenBus extends MemoryChangeBus {
  override async publish(_topic: string, _message: string): Promise<void> {
    throw new Error('redis down');
  }
}

describe('change bus publish failures', () => {
  it('counts a failed publish by topic, reports it once and rethrows to the caller', async () => {
    const metrics = new Metrics({} as Db);
    const reported: Array<{ topic: string; error: string }> = [];
    const bus = reportPublishFailures(new BrokenBus(), (topic, err) => {
      reported.push({ topic, error: err instanceof Error ? err.message : String(err) });
      metrics.changeBusPublishFailures.inc({ topic });
    });

    await expect(bus.publish('settings', 'minDeposit')).rejects.toThrow('redis down');
    await expect(bus.publish('settings', 'maxDeposit')).rejects.toThrow('redis down');
    await expect(bus.publish('members', '42 view')).rejects.toThrow('redis down');

    expect(reported).toEqual([
      { topic: 'settings', error: 'redis down' },
      { topic: 'settings', error: 'redis down' },
      { topic: 'members', error: 'redis down' },
    ]);
    const text = await metrics.registry.getSingleMetricAsString('wallet_change_bus_publish_failures_total');
    expect(text).toContain('wallet_change_bus_publish_failures_total{topic="settings"} 2');
    expect(text).toContain('wallet_change_bus_publish_failures_total{topic="members"} 1');
    // the message (a member id, a setting key) is never part of the report
    expect(JSON.stringify(reported)).not.toContain('42');
  });

  it('reports nothing when a publish succeeds, and subscribers still hear it', async () => {
    const failures: string[] = [];
    const bus = reportPublishFailures(new MemoryChangeBus(), (topic) => failures.push(topic));
    const heard: string[] = [];
    bus.subscribe('settings', (message) => heard.push(message));
    await bus.publish('settings', 'minDeposit');
    expect(heard).toEqual(['minDeposit']);
    expect(failures).toEqual([]);
  });
});
