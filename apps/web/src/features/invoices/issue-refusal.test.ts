import { describe, expect, it } from 'vitest';
import { issueRefusalOf, missingForIssueOf } from './IssueRefusal';

describe('what a draft invoice lacks to be issued', () => {
  const none = { company: [], customer: [] };
  it('is said on a draft that lacks something, before any click', () => {
    const missing = { company: ['siren'], customer: ['address', 'city'] };
    expect(missingForIssueOf({ status: 'draft', missingForIssue: missing })).toBe(missing);
    expect(missingForIssueOf({ status: 'draft', missingForIssue: { company: [], customer: ['siren'] } })).toEqual({
      company: [],
      customer: ['siren'],
    });
  });

  it('is nothing on a draft that lacks nothing, on an issued invoice, or on a new one', () => {
    expect(missingForIssueOf({ status: 'draft', missingForIssue: none })).toBeNull();
    expect(missingForIssueOf({ status: 'draft', missingForIssue: null })).toBeNull();
    expect(missingForIssueOf({ status: 'issued', missingForIssue: { company: ['siren'], customer: [] } })).toBeNull();
    expect(missingForIssueOf(null)).toBeNull();
  });

  it('after a click, is read from the refusal', () => {
    const problem = (code: string, params: Record<string, string>) => ({
      status: 400,
      problem: { type: 'about:blank', title: 'refused', status: 400, code, params },
    });
    expect(issueRefusalOf(problem('customer_incomplete', { fields: 'address, siren', customer: 'Dupont' }))).toEqual({
      kind: 'customer',
      fields: ['address', 'siren'],
      customer: 'Dupont',
    });
    expect(issueRefusalOf(problem('invalid_transition', {}))).toBeNull();
  });
});
