/**
 * The TypeBox schema of a field rule, for the contract (system.ts) and fixture validation. Kept out
 * of field-rules.ts so the web app, which imports the engine, bundles no TypeBox.
 */
import { Type, type Static } from '@sinclair/typebox';
import { MAX_PATTERN_ID, type FieldRule } from './field-rules';

export const FieldRuleSchema = Type.Object(
  {
    key: Type.String({
      minLength: 1,
      description: 'Form field the rule governs, named as the registration payload names it.',
      examples: ['username'],
    }),
    enabled: Type.Boolean({ description: 'The field is shown and checked.' }),
    required: Type.Boolean({ description: 'An empty value is refused with not_empty.' }),
    acceptedPattern: Type.String({
      description:
        "Regex source the whole value must match; a bare '*' accepts any value, an empty string " +
        'falls back to the built-in pattern of patternId.',
      examples: ['^[A-Za-z][A-Za-z0-9]*$', '*', ''],
    }),
    patternId: Type.Integer({
      minimum: 0,
      maximum: MAX_PATTERN_ID,
      description: 'Pattern kind; selects the validation message (and the built-in regex).',
    }),
    minLength: Type.Integer({ minimum: 0, description: 'Fewest Unicode code points.' }),
    maxLength: Type.Integer({
      minimum: 0,
      description: 'Most Unicode code points; 0 means no limit.',
    }),
  },
  {
    title: 'FieldRule',
    description:
      'Server-supplied rule for one registration or login field: whether it is shown and required, ' +
      'and the length and pattern its value must have.',
    examples: [
      {
        key: 'username',
        enabled: true,
        required: true,
        acceptedPattern: '',
        patternId: 1,
        minLength: 6,
        maxLength: 16,
      },
    ],
  },
);

/** Compile-time proof that the schema and the engine's FieldRule are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaMatchesEngine: Same<Static<typeof FieldRuleSchema>, FieldRule> = true;
void schemaMatchesEngine;
