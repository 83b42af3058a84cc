import { describe, expect, it } from 'vitest';
import {
  LIFECYCLE_CODES,
  LIFECYCLE_CODES_REQUIRING_REASON,
  LIFECYCLE_LABELS,
  LIFECYCLE_REASON_CODES,
  LIFECYCLE_REASONS,
  LIFECYCLE_REASONS_BY_CODE,
  lifecycleLabel,
  lifecycleReasonsFor,
  USER_LIFECYCLE_CODES,
  ZLifecycleEvent,
  ZLifecycleSend,
} from './einvoicing-lifecycle';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.'));

describe('lifecycle codes and reasons', () => {
  it('names every status 200–213 in French and English', () => {
    expect(LIFECYCLE_CODES).toEqual(Array.from({ length: 14 }, (_, i) => String(200 + i)));
    for (const code of LIFECYCLE_CODES) {
      expect(LIFECYCLE_LABELS[code].fr.length, code).toBeGreaterThan(0);
      expect(LIFECYCLE_LABELS[code].en.length, code).toBeGreaterThan(0);
    }
    expect(lifecycleLabel('205')).toBe('Approuvée');
    expect(lifecycleLabel('212', 'en')).toBe('Payment received');
  });

  it('names every reason, and lists per status only reasons of the closed list', () => {
    expect(LIFECYCLE_REASON_CODES).toHaveLength(51);
    expect(Object.keys(LIFECYCLE_REASONS).sort()).toEqual([...LIFECYCLE_REASON_CODES].sort());
    for (const reasons of Object.values(LIFECYCLE_REASONS_BY_CODE))
      for (const reason of reasons) expect(LIFECYCLE_REASON_CODES).toContain(reason);
    // A duplicate is a reason to reject (213), refuse (210) or dispute (207).
    for (const code of ['207', '210', '213'] as const) expect(lifecycleReasonsFor(code)).toContain('DOUBLON');
    expect(lifecycleReasonsFor('205')).toEqual([]);
    // Every status that needs a reason has reasons to choose from.
    for (const code of LIFECYCLE_CODES_REQUIRING_REASON) expect(lifecycleReasonsFor(code).length).toBeGreaterThan(0);
  });
});

describe('ZLifecycleSend', () => {
  it('takes each status a buyer sends, with a reason where one is required', () => {
    for (const code of USER_LIFECYCLE_CODES) {
      const reasonCode = lifecycleReasonsFor(code)[0] ?? null;
      expect(ZLifecycleSend.safeParse({ code, reasonCode }).success, code).toBe(true);
    }
    expect(ZLifecycleSend.parse({ code: '210', reasonCode: 'DOUBLON', note: '  déjà reçue  ' })).toEqual({
      code: '210',
      reasonCode: 'DOUBLON',
      note: 'déjà reçue',
    });
    expect(ZLifecycleSend.parse({ code: '205' })).toEqual({ code: '205', reasonCode: null, note: null });
  });

  it('refuses a status only a platform or the seller sends', () => {
    for (const code of ['200', '201', '202', '203', '209', '212', '213']) {
      const result = ZLifecycleSend.safeParse({ code, reasonCode: code === '213' ? 'DOUBLON' : undefined });
      expect(result.success, code).toBe(false);
      expect(paths(result)).toEqual(['code']);
    }
    expect(paths(ZLifecycleSend.safeParse({ code: '299' }))).toEqual(['code']);
  });

  it('refuses a missing required reason, and a reason the status does not allow', () => {
    for (const code of ['206', '207', '208', '210']) {
      const result = ZLifecycleSend.safeParse({ code, note: 'pourquoi' });
      expect(paths(result), code).toEqual(['reasonCode']);
      expect(result.error!.issues[0]!.message).toBe('a reason is required');
    }
    // QTE_ERR explains a dispute, not a refusal; no reason at all for an approval; not a reason of the list.
    expect(paths(ZLifecycleSend.safeParse({ code: '207', reasonCode: 'QTE_ERR' }))).toEqual([]);
    expect(paths(ZLifecycleSend.safeParse({ code: '210', reasonCode: 'QTE_ERR' }))).toEqual(['reasonCode']);
    expect(paths(ZLifecycleSend.safeParse({ code: '205', reasonCode: 'AUTRE' }))).toEqual(['reasonCode']);
    expect(paths(ZLifecycleSend.safeParse({ code: '210', reasonCode: 'PAS_CONTENT' }))).toEqual(['reasonCode']);
  });

  it('bounds the note and refuses unknown fields', () => {
    expect(ZLifecycleSend.safeParse({ code: '205', note: 'x'.repeat(1000) }).success).toBe(true);
    expect(paths(ZLifecycleSend.safeParse({ code: '205', note: 'x'.repeat(1001) }))).toEqual(['note']);
    expect(ZLifecycleSend.safeParse({ code: '205', source: 'platform' }).success).toBe(false);
  });
});

describe('ZLifecycleEvent', () => {
  it('reads a status of the history', () => {
    const event = {
      code: '213',
      label: 'Rejetée',
      at: '2026-09-02T10:15:00Z',
      source: 'platform',
      reasonCode: 'DOUBLON',
      note: null,
    };
    expect(ZLifecycleEvent.parse(event)).toEqual(event);
    const user = { code: '205', label: 'Approved', at: '2026-09-02T12:00:00+02:00', source: 'user' };
    expect(ZLifecycleEvent.parse(user)).toEqual(user);
    expect(ZLifecycleEvent.safeParse({ ...event, at: '2026-09-02' }).success).toBe(false);
    expect(ZLifecycleEvent.safeParse({ ...event, source: 'seller' }).success).toBe(false);
    expect(ZLifecycleEvent.safeParse({ ...event, note: 'x'.repeat(1001) }).success).toBe(false);
  });
});
