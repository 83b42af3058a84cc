import { ZReportAskInput, ZReportAskResponse, type TReportAskInput, type TReportAskResponse } from '@tagstock/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client';
import { tenantScope, type AuthContext } from '../../../platform/auth';
import { consumeTry } from '../reports.service';
import { askModel, refusalMessage, unreachableNote, type LlmConfig } from './llm';
import { parseQuestion } from './parser';

export type AskOptions = Partial<Pick<LlmConfig, 'url' | 'model' | 'apiKey' | 'timeoutMs'>> & {
  log?: FastifyBaseLogger;
};

const none = { measures: [], dimensions: [] };

/**
 * `POST /reports/ask`: a French or English question → a proposed structured query (never run here: the web shows
 * it as chips and runs it with `POST /reports/run`). A try of the tenant's month is taken first, in its own
 * transaction; the model (when LLM_URL is set) or the offline parser is asked after, with no transaction open.
 */
export function reportsAskModule(db: Db, opts: AskOptions = {}) {
  const scoped = tenantScope(db);

  const ask = async (auth: AuthContext, input: TReportAskInput): Promise<TReportAskResponse> => {
    const { remaining } = await scoped(auth, (tx, tenantId) => consumeTry(tx, tenantId));
    const now = new Date();
    const { question, language } = input;
    if (opts.url) {
      const llm = { url: opts.url, model: opts.model ?? 'gpt-4o-mini', apiKey: opts.apiKey, timeoutMs: opts.timeoutMs };
      const outcome = await askModel(llm, question, language, now);
      if (outcome.kind === 'query')
        return {
          query: outcome.query,
          engine: 'llm',
          unknownWords: [],
          suggestions: none,
          message: null,
          remainingTries: remaining,
        };
      if (outcome.kind === 'refused') {
        opts.log?.warn({ reason: outcome.reason }, 'report question: the model answer was refused');
        return {
          query: null,
          engine: 'llm',
          unknownWords: [],
          suggestions: none,
          message: refusalMessage(outcome.reason, language),
          remainingTries: remaining,
        };
      }
      // Unreachable: the offline parser answers, and says the model was not reached.
      opts.log?.warn('report question: the model could not be reached, the offline parser answered');
      const parsed = parseQuestion(question, language, now);
      return {
        ...parsed,
        engine: 'parser',
        message: [unreachableNote(language), parsed.message].filter(Boolean).join(' '),
        remainingTries: remaining,
      };
    }
    return { ...parseQuestion(question, language, now), engine: 'parser', remainingTries: remaining };
  };

  const routes: FastifyPluginAsyncZod = async (app) => {
    app.post(
      '/reports/ask',
      {
        schema: {
          tags: ['reports'],
          operationId: 'askReport',
          summary: 'Turn a French or English question into a proposed report query (takes one try)',
          body: ZReportAskInput,
          response: { 200: ZReportAskResponse },
        },
        preHandler: app.requirePermission('reports.read'),
      },
      (req) => ask(req.auth, req.body),
    );
  };
  return { service: { ask }, routes };
}
