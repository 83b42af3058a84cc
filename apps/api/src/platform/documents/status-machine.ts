import { transitionAllowedTo, type TDocumentTransition, type TPermission } from '@tagstock/contract';
import type { AuthContext } from '../auth';
import { conflict, forbidden } from '../errors';
import type { Transition, TransitionEffect } from './document-type';

/**
 * The server's transitions of a type from the contract's: each refusal code gets its English sentence (the
 * problem's detail; the web translates the code), each change the type's write permission and its effect.
 */
export function serverTransitions<S extends string, State, R extends string, D extends State = State>(
  transitions: readonly TDocumentTransition<S, State, R>[],
  permission: TPermission,
  refusals: Record<R, string>,
  effects: Partial<Record<`${S}>${S}`, TransitionEffect<D>>> = {},
): Transition<S, D>[] {
  return transitions.map((t) => ({
    ...t,
    permission,
    refuse: (doc: D) => {
      const code = t.refuse?.(doc);
      return code ? refusals[code] : null;
    },
    effect: effects[`${t.from}>${t.to}`],
  }));
}

/**
 * Checks a change before it is written and answers its transition; throws the problem that refuses it: 409
 * `invalid_transition` for a change the type does not list or this document may not make, 403 for an actor
 * (tenant or platform) or a user the change is not for.
 */
export function checkTransition<S extends string, D>(
  entity: string,
  transitions: readonly Transition<S, D>[],
  auth: AuthContext,
  actor: 'tenant' | 'platform',
  doc: D,
  from: S,
  to: S,
): Transition<S, D> {
  const transition = transitions.find((t) => t.from === from && t.to === to);
  if (!transition)
    throw conflict('invalid_transition', `A ${entity} cannot go from ${from} to ${to}`, undefined, { from, to });
  if (!transitionAllowedTo(transition.side, actor) || !auth.permissions.has(transition.permission)) throw forbidden();
  const refusal = transition.refuse?.(doc);
  if (refusal) throw conflict('invalid_transition', refusal, undefined, { from, to });
  return transition;
}
