import { describe, expect, it } from 'vitest';
import type { TLifecycleEvent, TOutboxItem } from '@tagstock/contract';
import {
  currentStatus,
  latestMessage,
  lifecycleLanguage,
  lifecycleSettled,
  reasonName,
  reasonRule,
  replyBody,
  replyErrorKey,
  replySchema,
  REPLY_CODES,
} from './lifecycle';

const at = (minute: number) => `2026-09-01T08:${String(minute).padStart(2, '0')}:00.000Z`;
const event = (code: TLifecycleEvent['code'], more: Partial<TLifecycleEvent> = {}): TLifecycleEvent => ({
  code,
  label: code,
  at: at(Number(code) - 200),
  source: 'platform',
  ...more,
});

describe('current status', () => {
  it('is the last status, none before the first', () => {
    expect(currentStatus(undefined)).toBeNull();
    expect(currentStatus([])).toBeNull();
    expect(currentStatus([event('200'), event('201'), event('203')])?.code).toBe('203');
  });

  it('never is a 213 about a duplicate submission', () => {
    const events = [event('200'), event('203'), event('205'), event('213', { duplicate: true, reasonCode: 'DOUBLON' })];
    expect(currentStatus(events)?.code).toBe('205');
    expect(lifecycleSettled(events)).toBe(false);
  });

  it('a 213 about the invoice itself is its status, and a final one', () => {
    const events = [event('200'), event('213', { reasonCode: 'REJ_SEMAN' })];
    expect(currentStatus(events)?.code).toBe('213');
    expect(lifecycleSettled(events)).toBe(true);
  });

  it('refused and paid are final; approved is not (the payment follows)', () => {
    expect(lifecycleSettled([event('203'), event('210')])).toBe(true);
    expect(lifecycleSettled([event('205'), event('212')])).toBe(true);
    expect(lifecycleSettled([event('203'), event('205')])).toBe(false);
    expect(lifecycleSettled([])).toBe(false);
  });
});

describe('names', () => {
  it('reads the contract in French or English, any other language in English', () => {
    expect(lifecycleLanguage('fr')).toBe('fr');
    expect(lifecycleLanguage('fr-FR')).toBe('fr');
    expect(lifecycleLanguage('en')).toBe('en');
    expect(lifecycleLanguage('de')).toBe('en');
    expect(lifecycleLanguage(undefined)).toBe('en');
  });

  it('names a reason of the closed list, and shows another as it came', () => {
    expect(reasonName('TX_TVA_ERR', 'fr')).toBe('Taux de TVA erroné');
    expect(reasonName('TX_TVA_ERR', 'en')).toBe('Wrong VAT rate');
    expect(reasonName('ACCORD_PRIVE', 'fr')).toBe('ACCORD_PRIVE');
    expect(reasonName('toString', 'fr')).toBe('toString');
  });
});

describe('the reply dialog', () => {
  it('offers the seven statuses a buyer sends', () => {
    expect(REPLY_CODES).toEqual(['204', '205', '206', '207', '208', '210', '211']);
  });

  it('asks for a reason only where the status takes one, and requires it where the rules do', () => {
    expect(reasonRule('205')).toEqual({ reasons: [], required: false });
    expect(reasonRule('204')).toEqual({ reasons: [], required: false });
    expect(reasonRule('211')).toEqual({ reasons: [], required: false });
    const refuse = reasonRule('210');
    expect(refuse.required).toBe(true);
    expect(refuse.reasons).toContain('TX_TVA_ERR');
    // A refusal is about the invoice, not about a missing document.
    expect(refuse.reasons).not.toContain('JUSTIF_ABS');
    expect(reasonRule('208').reasons).toContain('JUSTIF_ABS');
    for (const code of ['206', '207', '208', '210'] as const) expect(reasonRule(code).required).toBe(true);
  });

  it('sends an empty select or note as none', () => {
    expect(replyBody('205', { reasonCode: '', note: '  ' })).toEqual({ code: '205', reasonCode: null, note: null });
    expect(replyBody('210', { reasonCode: 'DOUBLE_FACT', note: ' Déjà reçue ' })).toEqual({
      code: '210',
      reasonCode: 'DOUBLE_FACT',
      note: 'Déjà reçue',
    });
  });

  it('validates with the contract: a refusal without a reason, or with a reason it does not allow', () => {
    const refuse = replySchema('210');
    const missing = refuse.safeParse({ reasonCode: '', note: '' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['reasonCode']);
    expect(replyErrorKey('reasonCode', { message: missing.error?.issues[0]?.message })).toBe(
      'einvoicing.reply.reasonRequired',
    );
    const wrong = refuse.safeParse({ reasonCode: 'JUSTIF_ABS', note: '' });
    expect(wrong.success).toBe(false);
    expect(replyErrorKey('reasonCode', { message: wrong.error?.issues[0]?.message })).toBe(
      'einvoicing.reply.reasonInvalid',
    );
    expect(refuse.safeParse({ reasonCode: 'TX_TVA_ERR', note: '' }).success).toBe(true);
    expect(replySchema('205').safeParse({ reasonCode: '', note: 'OK pour paiement' }).success).toBe(true);
  });

  it('puts the server’s field errors in the user’s words', () => {
    expect(replyErrorKey('reasonCode', { code: 'required' })).toBe('einvoicing.reply.reasonRequired');
    expect(replyErrorKey('reasonCode', { code: 'invalid_choice' })).toBe('einvoicing.reply.reasonInvalid');
    expect(replyErrorKey('note', { type: 'too_big' })).toBe('validation.tooLong');
  });
});

describe('sending state', () => {
  const item = (id: number, status: TOutboxItem['status']): TOutboxItem => ({
    id,
    message: 'document',
    documentKind: 'invoice',
    documentId: 7,
    documentNumber: 'FA-2026-000007',
    code: null,
    status,
    attempts: 1,
    lastError: null,
    nextAttemptAt: null,
    sentAt: null,
    createdAt: at(0),
    flowId: null,
  });

  it('is the newest message about the document', () => {
    expect(latestMessage(undefined)).toBeNull();
    expect(latestMessage([])).toBeNull();
    expect(latestMessage([item(3, 'sent'), item(9, 'failed'), item(5, 'waiting')])?.id).toBe(9);
  });
});
