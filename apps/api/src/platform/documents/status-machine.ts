import type { TPermission } from '@tagstock/contract';
import type { AuthContext } from '../auth';
import { conflict, forbidden } from '../errors';

/** One allowed change of status: who may do it, and what must hold for the document (else its refusal). */
export type Transition<S extends string, D> = {
  from: S;
  to: S;
  permission: TPermission;
  /** A reason to refuse this document (an English sentence), or null. */
  refuse?: (doc: D) => string | null;
};

/** The status machine of a document type, declared once: any change not listed is a 409 `invalid_transition`. */
export function statusMachine<S extends string, D>(entity: string, transitions: readonly Transition<S, D>[]) {
  const find = (from: S, to: S) => transitions.find((t) => t.from === from && t.to === to);
  return {
    transitions,
    /** The statuses a document in `from` may move to. */
    next: (from: S): S[] => transitions.filter((t) => t.from === from).map((t) => t.to),
    /** Checks a change before it is written; throws the problem that refuses it. */
    check(auth: AuthContext, doc: D, from: S, to: S): void {
      const transition = find(from, to);
      if (!transition) {
        throw conflict('invalid_transition', `A ${entity} cannot go from ${from} to ${to}`, undefined, { from, to });
      }
      if (!auth.permissions.has(transition.permission)) throw forbidden();
      const refusal = transition.refuse?.(doc);
      if (refusal) throw conflict('invalid_transition', refusal, undefined, { from, to });
    },
  };
}
