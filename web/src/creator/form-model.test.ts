import { describe, expect, it } from 'vitest';
import { AppError } from '../api/app-error';
import { emptyForm, errorsFromServer, toInput, validate } from './form-model';

describe('form-model', () => {
  it('should send trimmed texts, nulls for empty optional ones and only filled prompts', () => {
    const input = toInput({
      ...emptyForm(),
      name: '  Quill ',
      instructions: ' Be kind. ',
      tagline: '   ',
      prompts: ['Hi', '  ', ' Tell me more '],
      visibility: 'unlisted',
    });
    expect(input).toMatchObject({
      name: 'Quill',
      instructions: 'Be kind.',
      tagline: null,
      description: null,
      greeting: null,
      model: null,
      suggestedPrompts: ['Hi', 'Tell me more'],
      visibility: 'unlisted',
    });
  });

  it("should check the contract's rules and the operator's instructions limit", () => {
    expect(validate(emptyForm(), 100)).toEqual({
      name: 'Give your persona a name.',
      instructions: 'Write the instructions your persona follows.',
    });
    expect(validate({ ...emptyForm(), name: 'Q', instructions: 'x'.repeat(101) }, 100)).toEqual({
      instructions: '1 character over the limit.',
    });
    expect(validate({ ...emptyForm(), name: 'Q\u0007', instructions: 'ok' }, 100).name).toBeTruthy();
  });

  it('should put a server refusal next to the field it names, else above the form', () => {
    const bad = (message: string) => new AppError(message, 'request:invalid', 400);
    expect(errorsFromServer(bad('name: Give your persona a name.'), 'x')).toEqual({
      name: 'Give your persona a name.',
    });
    expect(errorsFromServer(bad('suggestedPrompts.2: Too long.'), 'x')).toEqual({ prompts: 'Too long.' });
    expect(errorsFromServer(bad('"fly" is not a skill this server knows.'), 'x')).toEqual({
      skills: '"fly" is not a skill this server knows.',
    });
    expect(errorsFromServer(bad('Instructions must be at most 300 characters.'), 'x')).toEqual({
      instructions: 'Instructions must be at most 300 characters.',
    });
    expect(errorsFromServer(bad('You have reached the limit of 10 personas.'), 'x')).toEqual({
      form: 'You have reached the limit of 10 personas.',
    });
    expect(errorsFromServer(new Error('boom'), 'Check the fields.')).toEqual({ form: 'Check the fields.' });
  });
});
