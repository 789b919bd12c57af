import { openDatabase } from '../server/src/db/database';
import { migrate } from '../server/src/db/migrations';
import { postgresSchemaUrl } from '../server/src/test/postgres-schema';
const url = await postgresSchemaUrl(process.env.DATABASE_URL!);
const db = await openDatabase({ url });
await migrate(db);
await db.close();
console.log(/search_path=(t_\w+)/.exec(decodeURIComponent(url))![1]);
