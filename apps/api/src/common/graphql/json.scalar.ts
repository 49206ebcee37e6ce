import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function literal(ast: ValueNode): Json {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.LIST:
      return ast.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value)]));
    default:
      return null;
  }
}

export const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value (used for the permission map: name → true).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literal,
});
