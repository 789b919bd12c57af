import { randomUUID } from 'node:crypto';
import pg from 'pg';

// A fresh schema per call on the test server, so parallel test files never see each other's rows.
export async function postgresSchemaUrl(baseUrl: string): Promise<string> {
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export async function dropPostgresSchema(url: string) {
  const options = new URL(url).searchParams.get('options') ?? '';
  const schema = /search_path=(t_\w+)/.exec(options)?.[1];
  if (!schema) return;
  const base = new URL(url);
  base.searchParams.delete('options');
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
