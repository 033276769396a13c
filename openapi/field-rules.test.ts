import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REGISTER_RULES,
  MAX_PATTERN_ID,
  PATTERNS,
  REGISTER_FIELD_KEYS,
  VERIFICATION_CODE_MAX_LENGTH,
  codePointLength,
  patternById,
  validateConfirm,
  validateField,
  validateForm,
  type FieldRule,
} from './field-rules';
import { FieldRuleSchema } from './field-rule-schema';

/** A rule using the table regex of `patternId` (empty acceptedPattern). */
const ruleFor = (patternId: number, overrides: Partial<FieldRule> = {}): FieldRule => ({
  key: 'field',
  enabled: true,
  required: true,
  acceptedPattern: '',
  patternId,
  minLength: 1,
  maxLength: 64,
  ...overrides,
});

interface PatternCase {
  min?: number;
  max?: number;
  valid: string[];
  invalid: string[];
}

// Invalid values sit inside the length bounds (checked below), so they fail on the regex itself;
// only 'any' (0) can fail on nothing but length.
const CASES: Record<number, PatternCase> = {
  0: { min: 2, max: 5, valid: ['ab', 'a b!?', '中文字', '🎰🎰'], invalid: ['a', 'abcdef'] },
  1: { valid: ['player1', 'A2b3', 'abc'], invalid: ['1player', 'play_er', 'pläyer', 'pl ayer'] },
  2: {
    valid: ['张三', '王五123', '123李', '𠀋'],
    invalid: ['123456', 'abc中', '张 三', 'ひらがな'],
  },
  3: {
    valid: ['user@example.com', 'first.last+tag@mail.co.uk', 'a_b@x-y.io'],
    invalid: [
      'user@',
      'user@example',
      'user@@example.com',
      '.user@example.com',
      'user..name@example.com',
      'user@-example.com',
      'user@example.c',
      'user name@example.com',
    ],
  },
  4: { valid: ['abc123', 'ABC', '123'], invalid: ['abc_123', 'abc 123', 'abc!', 'ábc'] },
  5: { valid: ['abc123', '1a', 'Z9'], invalid: ['abcdef', '123456', 'abc12!', 'abc 12'] },
  6: { valid: ['0123456', '9'], invalid: ['12a', '１２３', '-12', '1.5', '๑๒'] },
  7: { valid: ['Abc123', 'abcD', 'ABC'], invalid: ['abc123', 'ABC_1', 'Ábc'] },
  8: {
    valid: ['John Smith', 'Alice', 'Mary Ann Lee'],
    invalid: ['John  Smith', ' John', 'John ', 'John3', 'José'],
  },
  9: {
    valid: ['P@ss-w0rd!', '中文', 'a'],
    invalid: ['has space', 'tab\there', 'new\nline', 'nb\u00a0sp'],
  },
  10: {
    min: 10,
    max: 10,
    valid: ['2024-02-29', '1999-12-31', '2000-02-29'],
    invalid: [
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '2024-04-31',
      '31-12-1999',
      '2024/01/01',
      '2024-00-10',
    ],
  },
  11: {
    min: 10,
    max: 10,
    valid: ['02-29-2024', '12-31-1999'],
    invalid: ['02-30-2024', '13-01-2024', '2024-12-31', '06-31-2024', '00-10-2024'],
  },
  12: { valid: ['홍길동', '김 철수'], invalid: ['hong', '홍길동1', '홍길동 ', '漢字', '김  철수'] },
  13: {
    valid: ['สวัสดี', 'สมชาย ใจดี', 'ก่'],
    invalid: ['sawasdee', 'สวัสดี1', 'สมชาย  ใจดี', ' สวัสดี'],
  },
  14: {
    valid: ['Passw0rd!', 'aB3#xyz', 'Zz9_zzzz'],
    invalid: ['Password1', 'passw0rd!', 'PASSW0RD!', 'Password!', 'Pass w0rd!'],
  },
  15: {
    valid: ['John Smith', 'Nguyễn Văn An', "Mary-Jane O'Neil", 'สมชาย ใจดี'],
    invalid: ['John', 'John  Smith', ' John Smith', 'John 3mith', 'John Smith '],
  },
  16: {
    valid: ['やまだたろう', 'ヤマダ\u3000タロウ', '山田太郎', 'ＡＢＣ１２３', 'ヤマダー'],
    invalid: ['ﾔﾏﾀﾞ', 'yamada', '山田 太郎', '山田1', '한국'],
  },
  17: {
    min: 5,
    max: 12,
    valid: ['12345', '123456789012', '987654321'],
    invalid: ['01234', '12345a', '1234 5678', '０12345'],
  },
  18: {
    min: 9,
    max: 11,
    valid: ['03111234567', '912345678'],
    invalid: ['0311-123456', '+9231112345', '0311 12345', '031112345a'],
  },
  19: { valid: ['abc123', 'player', '42'], invalid: ['Abc123', 'abc_123', 'abc 1'] },
  20: {
    valid: ['Nguyễn Văn An', 'Trần Thị Đào', 'HOÀNG'],
    invalid: ['Nguyễn1', 'Ivan Петров', ' Nguyễn', 'Văn  An', 'An!'],
  },
  21: { valid: ['wx_id123', 'A_', 'abc'], invalid: ['_abc', '1abc', 'ab-c', 'ab c'] },
  22: {
    valid: ['12345-1234567-1', '11010519491231002X', 'AB123'],
    invalid: ['12345--1234567', '-12345', '12345-', '12345 678'],
  },
  23: {
    valid: ['@line.id', 'john_doe-99', 'J.Smith'],
    invalid: ['.john', 'john doe', 'john@doe', '@@john'],
  },
};

describe('PATTERNS table', () => {
  it('holds ids 0..23 at their own index with unique kebab-case names and keys', () => {
    expect(PATTERNS.map((p) => p.id)).toEqual([...Array(MAX_PATTERN_ID + 1).keys()]);
    const names = PATTERNS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const p of PATTERNS) {
      expect(p.name).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(p.messageKey).toBe(`pattern_${p.name.replaceAll('-', '_')}`);
      expect(p.message).toContain('{min}-{max}');
      // A global or sticky regex would remember lastIndex between values.
      expect(p.regex.global || p.regex.sticky).toBe(false);
    }
  });

  it('names the documented pattern kinds at their documented ids', () => {
    const expected = [
      'any',
      'letter-first-alnum',
      'chinese-digits',
      'email',
      'alnum-no-special',
      'letters-and-digits',
      'digits',
      'alnum-with-capital',
      'english-letters-spaces',
      'no-spaces',
      'date-ymd',
      'date-mdy',
      'korean',
      'thai',
      'strong-password',
      'full-name-two-parts',
      'japanese-full-width',
    ];
    expect(PATTERNS.slice(0, expected.length).map((p) => p.name)).toEqual(expected);
  });

  it('has a case table entry for every patternId', () => {
    expect(Object.keys(CASES).map(Number)).toEqual(PATTERNS.map((p) => p.id));
  });

  it('falls back to "any" for an id the table lacks', () => {
    expect(patternById(99).name).toBe('any');
  });
});

describe.each(PATTERNS.map((p) => [p.id, p.name, p] as const))('pattern %i %s', (id, _name, p) => {
  const c = CASES[id] as PatternCase;
  const rule = ruleFor(id, { minLength: c.min ?? 1, maxLength: c.max ?? 64 });

  it('has at least two valid and two invalid examples', () => {
    expect(c.valid.length).toBeGreaterThanOrEqual(2);
    expect(c.invalid.length).toBeGreaterThanOrEqual(2);
  });

  it.each(c.valid)('accepts %j', (value) => {
    expect(validateField(rule, value)).toBeNull();
  });

  it.each(c.invalid)('refuses %j with its own message', (value) => {
    const error = validateField(rule, value);
    expect(error?.messageKey).toBe(p.messageKey);
    if (id !== 0) {
      // Inside the bounds: the regex (or the date check), not the length, refused it.
      const length = codePointLength(value);
      expect(length).toBeGreaterThanOrEqual(rule.minLength);
      expect(length).toBeLessThanOrEqual(rule.maxLength);
    }
  });
});

describe('validateField', () => {
  it('refuses an empty required value with "{field} cannot be empty"', () => {
    const rule = ruleFor(1, { key: 'username' });
    expect(validateField(rule, '')).toEqual({
      key: 'username',
      messageKey: 'not_empty',
      params: { field: 'username' },
      message: 'username cannot be empty',
    });
    expect(validateField(rule, '   ', { label: 'Username' })?.message).toBe(
      'Username cannot be empty',
    );
  });

  it('accepts an empty optional value', () => {
    expect(validateField(ruleFor(3, { required: false }), '')).toBeNull();
  });

  it('checks nothing for a missing or disabled rule', () => {
    expect(validateField(undefined, '!!')).toBeNull();
    expect(validateField(ruleFor(6, { enabled: false }), 'not digits')).toBeNull();
    expect(validateField(ruleFor(6, { enabled: false }), '')).toBeNull();
  });

  it('substitutes min and max into the pattern message', () => {
    const rule = ruleFor(1, { minLength: 6, maxLength: 16 });
    expect(validateField(rule, 'abc')).toMatchObject({
      messageKey: 'pattern_letter_first_alnum',
      params: { min: 6, max: 16 },
      message: 'Must be 6-16 letters or digits, starting with a letter',
    });
    // Long enough but refused by the pattern: same message.
    expect(validateField(rule, '1abcdefg')?.message).toBe(
      'Must be 6-16 letters or digits, starting with a letter',
    );
    expect(validateField(rule, 'a'.repeat(17))?.messageKey).toBe('pattern_letter_first_alnum');
    expect(validateField(rule, 'a'.repeat(16))).toBeNull();
    expect(validateField(rule, 'a'.repeat(6))).toBeNull();
  });

  it('substitutes a single number when min equals max', () => {
    const error = validateField(ruleFor(6, { minLength: 6, maxLength: 6 }), '12345');
    expect(error?.message).toBe('Must be 6 digits');
    expect(error?.params).toEqual({ len: 6, context: 'exact' });
  });

  it('treats maxLength 0 as no upper bound and words the message to fit', () => {
    const rule = ruleFor(6, { minLength: 3, maxLength: 0 });
    expect(validateField(rule, '1'.repeat(500))).toBeNull();
    expect(validateField(rule, '12')?.message).toBe('Must be at least 3 digits');
    expect(validateField(ruleFor(6, { minLength: 0, maxLength: 4 }), 'x')?.message).toBe(
      'Must be up to 4 digits',
    );
  });

  it("accepts any value for acceptedPattern '*', still within the length bounds", () => {
    const rule = ruleFor(6, { acceptedPattern: '*', minLength: 2, maxLength: 4 });
    expect(validateField(rule, 'a b!')).toBeNull();
    expect(validateField(rule, 'a')?.message).toBe('Must be 2-4 digits');
    // The same rule without '*' uses the digits regex.
    expect(validateField({ ...rule, acceptedPattern: '' }, 'a b!')).not.toBeNull();
  });

  it("lets the server's acceptedPattern override the table regex, as a full match", () => {
    const rule = ruleFor(6, { acceptedPattern: '[a-z]+', minLength: 2, maxLength: 8 });
    expect(validateField(rule, 'abc')).toBeNull();
    // The table regex (digits) no longer applies, but patternId still picks the message.
    expect(validateField(rule, '123')).toMatchObject({ messageKey: 'pattern_digits' });
    // An unanchored source must still match the whole value.
    expect(validateField(rule, 'abc1')).not.toBeNull();
  });

  it('compiles server sources that only non-Unicode regex syntax accepts', () => {
    const rule = ruleFor(0, { acceptedPattern: '[0-9]+\\-[0-9]+' });
    expect(validateField(rule, '12-34')).toBeNull();
    expect(validateField(rule, '1234')).not.toBeNull();
  });

  it('falls back to the table regex when the server source does not compile', () => {
    const rule = ruleFor(6, { acceptedPattern: '([0-9' });
    expect(validateField(rule, '123')).toBeNull();
    expect(validateField(rule, 'abc')).not.toBeNull();
  });

  it('skips the calendar check when the server supplies its own date format', () => {
    const rule = ruleFor(10, { acceptedPattern: '[0-9]{4}/[0-9]{2}/[0-9]{2}' });
    expect(validateField(rule, '2024/02/30')).toBeNull();
  });

  it('counts Unicode code points, not UTF-16 units, for Thai and Chinese', () => {
    // 'สวัสดี' is six code points (vowel and tone marks count), '𠀋𠀋' two (astral Han).
    expect(codePointLength('สวัสดี')).toBe(6);
    expect('𠀋𠀋'.length).toBe(4);
    expect(codePointLength('𠀋𠀋')).toBe(2);
    const thai = ruleFor(13, { minLength: 6, maxLength: 6 });
    expect(validateField(thai, 'สวัสดี')).toBeNull();
    expect(validateField(thai, 'สวัสด')?.message).toBe('Must be 6 Thai characters');
    const chinese = ruleFor(2, { minLength: 2, maxLength: 2 });
    expect(validateField(chinese, '𠀋𠀋')).toBeNull();
    expect(validateField(chinese, '𠀋𠀋𠀋')).not.toBeNull();
  });

  it('judges decomposed input as its composed form', () => {
    const nfd = 'Nguyễn An'.normalize('NFD');
    expect(nfd.length).toBeGreaterThan(9);
    expect(validateField(ruleFor(20, { minLength: 9, maxLength: 9 }), nfd)).toBeNull();
  });
});

describe('validateConfirm', () => {
  it("reports 'inconsistent twice' when the two differ", () => {
    expect(validateConfirm('Passw0rd!', 'Passw0rd?')).toEqual({
      key: 'confirmPassword',
      messageKey: 'inconsistent_twice',
      params: {},
      message: 'inconsistent twice',
    });
  });

  it('reports not_empty for an empty confirmation and accepts an equal one', () => {
    expect(validateConfirm('Passw0rd!', '')?.messageKey).toBe('not_empty');
    expect(validateConfirm('Passw0rd!', '', { key: 'confirmNewPassword' })?.message).toBe(
      'confirmNewPassword cannot be empty',
    );
    expect(validateConfirm('Passw0rd!', 'Passw0rd!')).toBeNull();
  });
});

describe('validateForm', () => {
  const good = { username: 'player01', password: 'Passw0rd!', confirmPassword: 'Passw0rd!' };

  it('accepts a correct form under the default rules', () => {
    expect(validateForm(DEFAULT_REGISTER_RULES, good)).toEqual({});
  });

  it('reports each failing field, with labels in not_empty messages', () => {
    const errors = validateForm(
      DEFAULT_REGISTER_RULES,
      { username: '', password: 'abc', confirmPassword: 'abd', mobileNum: '12ab' },
      { labels: { username: 'Username' } },
    );
    expect(Object.keys(errors).sort()).toEqual([
      'confirmPassword',
      'mobileNum',
      'password',
      'username',
    ]);
    expect(errors.username?.message).toBe('Username cannot be empty');
    expect(errors.password?.message).toBe('Must be 6-20 characters without spaces');
    expect(errors.confirmPassword?.message).toBe('inconsistent twice');
    expect(errors.mobileNum?.message).toBe('Must be a valid mobile number of 9-11 digits');
  });

  it('requires the confirmation when a password is shown', () => {
    const { confirmPassword: _, ...withoutConfirm } = good;
    expect(validateForm(DEFAULT_REGISTER_RULES, withoutConfirm).confirmPassword?.messageKey).toBe(
      'not_empty',
    );
    const noConfirmRule = DEFAULT_REGISTER_RULES.filter((r) => r.key !== 'confirmPassword');
    expect(
      validateForm(noConfirmRule, { ...good, confirmPassword: 'x' }).confirmPassword?.message,
    ).toBe('inconsistent twice');
  });

  it('skips disabled rules and the confirmation when passwords are hidden', () => {
    const mobileOnly = DEFAULT_REGISTER_RULES.map((r) =>
      r.key === 'mobileNum' ? r : { ...r, enabled: false },
    );
    expect(validateForm(mobileOnly, { mobileNum: '03111234567', email: 'nope' })).toEqual({});
  });

  it('leaves the optional mobile number alone unless the mode requires it', () => {
    expect(validateForm(DEFAULT_REGISTER_RULES, good).mobileNum).toBeUndefined();
    expect(
      validateForm(DEFAULT_REGISTER_RULES, good, { required: ['mobileNum'] }).mobileNum?.messageKey,
    ).toBe('not_empty');
  });

  it('requires the SMS code when shown and caps it at 255 characters', () => {
    const rules: FieldRule[] = [
      ruleFor(6, { key: 'verificationCode', required: false, minLength: 1, maxLength: 0 }),
    ];
    expect(validateForm(rules, {}).verificationCode?.messageKey).toBe('not_empty');
    const limit = VERIFICATION_CODE_MAX_LENGTH;
    expect(validateForm(rules, { verificationCode: '1'.repeat(limit) })).toEqual({});
    expect(
      validateForm(rules, { verificationCode: '1'.repeat(limit + 1) }).verificationCode?.message,
    ).toBe('Must be 1-255 digits');
  });

  it('checks the captcha for presence only', () => {
    const rules: FieldRule[] = [
      ruleFor(6, { key: 'captcha', required: false, minLength: 4, maxLength: 4 }),
    ];
    expect(validateForm(rules, { captcha: 'x' })).toEqual({});
    expect(validateForm(rules, { captcha: '' }).captcha?.messageKey).toBe('not_empty');
  });
});

describe('DEFAULT_REGISTER_RULES', () => {
  it('has one valid rule per registration field', () => {
    expect(DEFAULT_REGISTER_RULES.map((r) => r.key)).toEqual([...REGISTER_FIELD_KEYS]);
    for (const rule of DEFAULT_REGISTER_RULES)
      expect(Value.Check(FieldRuleSchema, rule)).toBe(true);
  });

  it('enables username, password, confirmation (required) and mobile (optional) only', () => {
    const enabled = DEFAULT_REGISTER_RULES.filter((r) => r.enabled);
    expect(enabled.map((r) => [r.key, r.required])).toEqual([
      ['username', true],
      ['password', true],
      ['confirmPassword', true],
      ['mobileNum', false],
    ]);
  });

  it('gives the username a letter first and 6-16 characters', () => {
    const username = DEFAULT_REGISTER_RULES.find((r) => r.key === 'username');
    expect(validateField(username, 'player01')).toBeNull();
    expect(validateField(username, '01player')?.message).toBe(
      'Must be 6-16 letters or digits, starting with a letter',
    );
  });
});

describe('FieldRuleSchema', () => {
  it('carries a title and refuses a patternId outside 0..23', () => {
    expect(FieldRuleSchema.title).toBe('FieldRule');
    expect(FieldRuleSchema.description).toBeTruthy();
    expect(Value.Check(FieldRuleSchema, ruleFor(MAX_PATTERN_ID))).toBe(true);
    expect(Value.Check(FieldRuleSchema, ruleFor(MAX_PATTERN_ID + 1))).toBe(false);
    expect(Value.Check(FieldRuleSchema, ruleFor(1, { minLength: -1 }))).toBe(false);
  });
});
