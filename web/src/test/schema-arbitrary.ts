import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from a contract zod schema, through its JSON Schema (`z.toJSONSchema`):
 * `validValues` are values the schema accepts; `wrongValues` are valid values with exactly one
 * node of a JSON type the schema does not allow there (or a required key left out). The hand guards
 * are checked against both (guards-parity.test.ts). Only the JSON Schema keywords the contract's
 * answers use are read; anything else throws, so a new kind of schema is noticed, not skipped.
 */
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

const KNOWN = new Set([
  '$schema',
  'type',
  'enum',
  'const',
  'anyOf',
  'properties',
  'required',
  'items',
  'additionalProperties',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'description',
]);

type Kind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
const KINDS: Kind[] = ['string', 'number', 'boolean', 'null', 'array', 'object'];

function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as Kind;
}

function check(schema: JsonSchema): void {
  const unknown = Object.keys(schema).filter((k) => !KNOWN.has(k));
  if (unknown.length > 0) throw new Error(`schema-arbitrary does not read ${unknown.join(', ')}`);
}

/** The JSON types a schema allows at its root (`integer` is a number). */
function kinds(schema: JsonSchema): Set<Kind> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((s) => [...kinds(s)]));
  if (schema.enum) return new Set(schema.enum.map(kindOf));
  if ('const' in schema) return new Set([kindOf(schema.const)]);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) throw new Error('schema-arbitrary needs a type');
  return new Set(types.map((t) => (t === 'integer' ? 'number' : (t as Kind))));
}

const anyOfKind: Record<Kind, fc.Arbitrary<unknown>> = {
  string: fc.string(),
  number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(fc.jsonValue(), { maxLength: 2 }),
  object: fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }),
};

function valid(schema: JsonSchema): fc.Arbitrary<unknown> {
  check(schema);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valid));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => valid({ ...schema, type })));
  switch (schema.type) {
    case 'string':
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 12, 12) });
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1e6, -1e6), max: Math.min(schema.maximum ?? 1e6, 1e6) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (!schema.items) throw new Error('schema-arbitrary needs items');
      return fc.array(valid(schema.items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, valid(s)]));
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      throw new Error(`schema-arbitrary does not read type ${String(schema.type)}`);
  }
}

function wrong(schema: JsonSchema): fc.Arbitrary<unknown> {
  check(schema);
  const allowed = kinds(schema);
  const whole = fc.oneof(...KINDS.filter((k) => !allowed.has(k)).map((k) => anyOfKind[k]));
  if (schema.type === 'array' && schema.items) {
    const items = schema.items;
    const withOneWrong = fc
      .tuple(fc.array(valid(items), { maxLength: 2 }), wrong(items), fc.nat())
      .map(([list, bad, at]) => {
        const i = at % (list.length + 1);
        return [...list.slice(0, i), bad, ...list.slice(i)];
      });
    return fc.oneof(whole, withOneWrong);
  }
  if (schema.type === 'object' && schema.properties) {
    const properties = schema.properties;
    const required = schema.required ?? [];
    const base = valid(schema) as fc.Arbitrary<Record<string, unknown>>;
    const options: fc.Arbitrary<unknown>[] = [whole];
    if (required.length > 0) {
      options.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([value, key]) => {
          const { [key]: _left, ...rest } = value;
          return rest;
        }),
      );
    }
    const keys = Object.keys(properties);
    options.push(
      fc
        .constantFrom(...keys)
        .chain((key) =>
          fc.tuple(base, wrong(properties[key] as JsonSchema)).map(([value, bad]) => ({ ...value, [key]: bad })),
        ),
    );
    return fc.oneof(...options);
  }
  return whole;
}

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema) as JsonSchema;

/** Values the schema accepts (refinements the JSON Schema cannot say are filtered by the schema itself). */
export const validValues = (schema: z.ZodType) =>
  valid(jsonSchema(schema)).filter((value) => schema.safeParse(value).success);

/** Values the schema refuses for their shape: one node of a JSON type not allowed there, or a required key missing. */
export const wrongValues = (schema: z.ZodType) => wrong(jsonSchema(schema));
