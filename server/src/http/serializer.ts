// How the API writes its answers: fast-json-stringify (Fastify's own serializer) compiled from
// each route's response schema, turned into JSON Schema by zod (the same conversion that writes
// the OpenAPI document). It writes only the properties the schema declares, so a field a handler
// leaves on a row never reaches the caller. Encoding each answer through its zod schema and then
// JSON.stringify, as fastify-type-provider-zod does, cost 40 % of the server's time for the
// console's overview under load (docs/decisions/047-console-reads-under-load.md).
// Outside production every answer is also checked against its zod schema, as before, so a
// handler that answers a shape its route does not declare fails its tests.
import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

const checkedSerializer = createSerializerCompiler({});

function jsonSchemaOf(schema: unknown): object | undefined {
  const zod =
    schema instanceof $ZodType
      ? schema
      : schema && typeof schema === 'object' && 'properties' in schema && schema.properties instanceof $ZodType
        ? schema.properties
        : undefined;
  if (!zod) return undefined;
  try {
    const { $schema: _, ...json } = toJSONSchema(zod, { io: 'output', target: 'draft-7' });
    return json;
  } catch {
    // A schema JSON Schema cannot say (a transform): zod writes that answer.
    return undefined;
  }
}

export function answerSerializer({ checked }: { checked: boolean }) {
  return (route: RouteSchema) => {
    const json = jsonSchemaOf(route.schema);
    const zodWrite = checkedSerializer(route as never) as (data: unknown) => string;
    if (!json) return zodWrite;
    const write = fastJson(json);
    if (!checked) return write;
    return (data: unknown) => {
      // Throws as before on an answer its schema refuses; what goes out is fast-json-stringify's.
      zodWrite(data);
      return write(data);
    };
  };
}

// The same writer for a route that writes its answer itself (./shared-answer.ts).
export const answerWriter = <T>(schema: $ZodType<T>, { checked }: { checked: boolean }) =>
  answerSerializer({ checked })({ schema, method: 'GET', url: '', httpStatus: '200' } as RouteSchema) as (
    data: T,
  ) => string;
