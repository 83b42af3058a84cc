import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { documentRoutes } from '../../platform/documents/document-routes';
import { documentService } from '../../platform/documents/document-service';
import { deliveriesRoutes } from '../deliveries/deliveries';
import { documentGateAuthorizer } from '../ingest/document-gate';
import { registerExitAuthorizer } from '../ingest/authorization';
import { withAvailabilityCheck } from '../reservations/reservations.service';
import { deliveryNoteType } from './delivery-notes.service';

/** Delivery notes (BL): the kit's routes (with picking), their exit gate, and the deliveries of sales beside them. */
export function deliveryNotesModule(db: Db) {
  const service = withAvailabilityCheck(documentService(db, deliveryNoteType), 'delivery_note');
  registerExitAuthorizer(documentGateAuthorizer(deliveryNoteType));
  const deliveries = deliveriesRoutes(db);
  const routes: FastifyPluginAsyncZod = async (app) => {
    documentRoutes(app, '/delivery-notes', ['delivery notes'], service);
    await app.register(deliveries);
  };
  return { service, routes };
}
