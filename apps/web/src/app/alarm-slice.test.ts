import { describe, expect, it } from 'vitest';
import type { TSendNotification } from '@tagstock/contract';
import { alarmSlice, allExitsClosed, exitClosed, exitRaised, MAX_OPEN_ALARMS, type ExitAlarm } from './alarm-slice';
import { disconnect } from './auth-slice';

const alarm = (movementId: number): ExitAlarm => ({
  movementId,
  receivedAt: '2026-03-12T09:15:00.000Z',
  notification: {
    result: { totalQuantity: 1, totalValorization: 2 },
    isAuthorized: false,
    authorizationMessage: 'No open output',
    updatedArticle: { id: 1, Designation: 'Perceuse' },
    newTagMouvement: { id: movementId, eventType: 'OUT', Reader: { id: 1, name: 'G', emplacement: 'Quai' } },
  } satisfies TSendNotification,
});
const run = (...actions: Parameters<typeof alarmSlice.reducer>[1][]) =>
  actions.reduce(alarmSlice.reducer, alarmSlice.getInitialState()).exits.map((e) => e.movementId);

describe('exit alarms', () => {
  it('stack newest first, once per movement, each closable, all closable', () => {
    expect(run(exitRaised(alarm(1)), exitRaised(alarm(2)), exitRaised(alarm(1)))).toEqual([2, 1]);
    expect(run(exitRaised(alarm(1)), exitRaised(alarm(2)), exitClosed(1))).toEqual([2]);
    expect(run(exitRaised(alarm(1)), exitRaised(alarm(2)), allExitsClosed())).toEqual([]);
  });

  it('are cleared on sign-out and capped', () => {
    expect(run(exitRaised(alarm(1)), disconnect())).toEqual([]);
    const many = Array.from({ length: MAX_OPEN_ALARMS + 5 }, (_, i) => exitRaised(alarm(i + 1)));
    const open = run(...many);
    expect(open).toHaveLength(MAX_OPEN_ALARMS);
    expect(open[0]).toBe(MAX_OPEN_ALARMS + 5);
  });
});
