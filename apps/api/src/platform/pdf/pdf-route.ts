import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES, ZIdParams } from '@tagstock/contract';
import type { PdfLanguage } from './pdf-format';

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `GET <path>?lang=fr|en` downloading one document's PDF under its number: the language asked, else the user's,
 * else French. `render` reads and renders the document `:id`.
 */
export function pdfRoute(
  app: App,
  path: string,
  options: { tags: string[]; preHandler: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[] },
  render: (req: FastifyRequest, id: number, language: PdfLanguage) => Promise<{ number: string; pdf: Buffer }>,
): void {
  app.get(
    path,
    {
      schema: {
        tags: options.tags,
        params: ZIdParams,
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
        produces: ['application/pdf'],
      },
      preHandler: options.preHandler,
    },
    async (req, reply) => {
      const language = req.query.lang ?? req.auth.session.language ?? 'fr';
      const { number, pdf } = await render(req, req.params.id, language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .send(pdf);
    },
  );
}
