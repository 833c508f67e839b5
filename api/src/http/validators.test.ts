import assert from 'node:assert/strict';
import {
  cutText,
  isDateInRange,
  isIsoDate,
  isoDate,
  isSingleLine,
  isStorableText,
  isVisibleText,
  labelOfField,
  optionalIsoDate,
  requiredMultilineText,
  requiredText,
  timeOfDay,
  unstorableStrings,
} from './validators.ts';

Deno.test('storable text: anything but NUL and a lone half of a surrogate pair', () => {
  for (const ok of ['', 'Jawan', 'tab\tand\nnewline', 'José 🎬', '\u200b', '\uffff']) {
    assert.equal(isStorableText(ok), true, JSON.stringify(ok));
  }
  for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'a\udc00b', '🎬'.slice(0, 1), '🎬'.slice(1)]) {
    assert.equal(isStorableText(bad), false, JSON.stringify(bad));
  }
});

Deno.test('requiredText: the required message for missing or blank, the field’s own for NUL', () => {
  const title = requiredText('Title is required.');
  assert.equal(title.parse('  Jawan '), 'Jawan');
  const issues = (value: unknown) => title.safeParse(value).error?.issues.map((i) => i.message);
  assert.deepEqual(issues(undefined), ['Title is required.']);
  assert.deepEqual(issues(42), ['Title is required.']);
  assert.deepEqual(issues('   '), ['Title is required.']);
  assert.deepEqual(issues('Ja\u0000wan'), ['Title contains characters that are not allowed.']);
  assert.deepEqual(issues('\ud800'), ['Title contains characters that are not allowed.']);
  // A message of another shape, or an explicit label.
  assert.deepEqual(
    requiredText('Please select a role.').safeParse('\u0000').error?.issues[0]?.message,
    'This field contains characters that are not allowed.',
  );
  assert.deepEqual(
    requiredText('Pick one.', 'Role').safeParse('\u0000').error?.issues[0]?.message,
    'Role contains characters that are not allowed.',
  );
});

Deno.test('visible text refuses control, format, separator characters and lone surrogates', () => {
  assert.equal(isVisibleText('Ana Lima 🎬 ñ'), true);
  for (const bad of [
    '\u0000',
    '\u001f',
    '\u007f',
    '\u0085',
    '\u200b',
    '\u200d',
    '\u2028',
    '\u2029',
    '\ufeff',
    '\u202e',
    '\ud800',
  ]) {
    assert.equal(isVisibleText(`a${bad}b`), false, JSON.stringify(bad));
  }
});

Deno.test('cutText never leaves half a surrogate pair', () => {
  assert.equal(cutText('abc', 5), 'abc');
  assert.equal(cutText('abcdef', 3), 'abc');
  assert.equal(cutText('ab🎬', 3), 'ab');
  assert.equal(cutText('ab🎬', 4), 'ab🎬');
});

Deno.test('dates: real ones, years 1900 to 2100', () => {
  for (const ok of ['1900-01-01', '2024-02-29', '2100-12-31']) {
    assert.equal(isDateInRange(ok), true, ok);
  }
  assert.equal(isIsoDate('0000-01-01'), true); // JavaScript has a year 0; PostgreSQL does not.
  for (const bad of ['0000-01-01', '1899-12-31', '2101-01-01', '2023-02-29', '2023-2-1', '']) {
    assert.equal(isDateInRange(bad), false, bad);
  }
  const date = isoDate({ required: 'Date is required.' });
  const message = (value: unknown) => date.safeParse(value).error?.issues.map((i) => i.message);
  assert.equal(date.parse(' 2026-03-02 '), '2026-03-02');
  assert.deepEqual(message(''), ['Date is required.']);
  assert.deepEqual(message(null), ['Date is required.']);
  assert.deepEqual(message('2026-02-30'), ['Enter a valid date (YYYY-MM-DD).']);
  assert.deepEqual(message('0000-01-01'), ['Enter a date from 1900 to 2100.']);
  const optional = optionalIsoDate();
  assert.equal(optional.parse(undefined), null);
  assert.equal(optional.parse(' '), null);
  assert.equal(optional.parse('2100-12-31'), '2100-12-31');
  assert.deepEqual(
    optional.safeParse('9999-01-01').error?.issues.map((i) => i.message),
    ['Enter a date from 1900 to 2100.'],
  );
});

Deno.test('times of day: HH:MM, seconds dropped', () => {
  const time = timeOfDay('Start time is required.');
  assert.equal(time.parse('18:30:59'), '18:30');
  assert.equal(time.safeParse('24:00').success, false);
  assert.equal(time.safeParse('18:30\u0000').success, false);
});

Deno.test('unstorableStrings finds every bad string in parsed input, keys reported on their record', () => {
  assert.deepEqual(
    unstorableStrings({ a: 'ok', b: ['x', 'y\u0000'], c: { 'k\u0000': 'v' }, d: 1 }),
    [['b', '1'], ['c']],
  );
  assert.deepEqual(unstorableStrings('\ud800'), [[]]);
  assert.equal(labelOfField('email_or_username'), 'Email or username');
  assert.equal(labelOfField(''), 'This field');
});

Deno.test('single-line text refuses every line break inside it; multi-line text keeps them', () => {
  const title = requiredText('Title is required.');
  const issues = (value: unknown) => title.safeParse(value).error?.issues.map((i) => i.message);
  for (const bad of [
    'Hdr\r\nBcc: victim@x.test',
    'a\nb',
    'a\rb',
    'a\vb',
    'a\fb',
    'a\u0085b',
    'a\u2028b',
    'a\u2029b',
  ]) {
    assert.equal(isSingleLine(bad), false, JSON.stringify(bad));
    assert.deepEqual(issues(bad), ['Title must be on one line.'], JSON.stringify(bad));
  }
  // Breaks around the text are trimmed like spaces; a tab is no break.
  assert.equal(title.parse('\r\n Jawan\n'), 'Jawan');
  assert.equal(title.parse('Ja\twan'), 'Ja\twan');
  const description = requiredMultilineText('Description is required.');
  assert.equal(description.parse(' One.\r\nTwo.\n\nThree. '), 'One.\r\nTwo.\n\nThree.');
  assert.deepEqual(
    description.safeParse('a\u0000').error?.issues.map((i) => i.message),
    ['Description contains characters that are not allowed.'],
  );
  assert.deepEqual(
    description.safeParse(' \n ').error?.issues.map((i) => i.message),
    ['Description is required.'],
  );
});
