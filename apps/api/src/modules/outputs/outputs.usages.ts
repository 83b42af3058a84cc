import { registerUsage } from '../../platform/usages';
import { articles } from '../articles/articles.schema';
import { customers } from '../customers/customers.schema';
import { reasons } from '../reasons/reasons.schema';
import { consumers } from '../rfid/rfid.schema';
import { outputLines, outputs } from './outputs.schema';

/** What stock outputs name, shown before the reason, consumer, customer or article is deleted. */
export function registerOutputUsages(): void {
  registerUsage(reasons, { resource: 'outputs', table: outputs, column: outputs.reasonId });
  registerUsage(consumers, { resource: 'outputs', table: outputs, column: outputs.consumerId });
  registerUsage(customers, { resource: 'outputs', table: outputs, column: outputs.customerId });
  registerUsage(articles, { resource: 'outputs', table: outputLines, column: outputLines.articleId });
}
