import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXT_TEMPLATES, renderText, TEXT_SAMPLE_VALUES, TEXT_TEMPLATE_KINDS, TEXT_TEMPLATE_MAX, templateProblem } from './text-templates.rules.ts';
import { textPreferencesBody } from './text-preferences.schemas.ts';

describe('text templates', () => {
  it('every default wording uses only its own placeholders and fits the limit with sample values', () => {
    for (const kind of TEXT_TEMPLATE_KINDS) {
      expect(templateProblem(kind, DEFAULT_TEXT_TEMPLATES[kind])).toBeNull();
      expect(renderText(kind, null, TEXT_SAMPLE_VALUES).length).toBeLessThanOrEqual(TEXT_TEMPLATE_MAX);
    }
  });

  it('refuses unknown placeholders, empty and over-long wording', () => {
    expect(templateProblem('reminder', 'See you {date} {window} {foo}')).toBe('Unknown placeholders: {window}, {foo}.');
    expect(templateProblem('job_completed', '  ')).toBe('A text message cannot be empty.');
    expect(templateProblem('on_my_way', 'x'.repeat(TEXT_TEMPLATE_MAX + 1))).toBe(`A text message can be at most ${TEXT_TEMPLATE_MAX} characters.`);
  });

  it('renders the company wording, or the default, as one paragraph; an empty value leaves no double space', () => {
    expect(renderText('reminder', { reminder: 'Hi {customerName},\nsee you {date}  at {time}.' }, { customerName: 'Ann', date: 'Mon', time: '9:00 AM' })).toBe(
      'Hi Ann, see you Mon at 9:00 AM.',
    );
    expect(renderText('job_completed', {}, { companyName: 'Acme', jobNumber: 7, link: null })).toBe('Acme: job #7 is complete. Thank you! Your invoice:');
  });

  it('the settings body names the template that is wrong', () => {
    const parsed = textPreferencesBody.safeParse({
      remindersOn: true,
      reminderHours: 24,
      quietHoursOn: true,
      quietStart: '21:00',
      quietEnd: '8:00',
      bookingConfirmation: false,
      jobCompleted: false,
      templates: { reminder: '{nope}', on_my_way: null },
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toContainEqual(['quietEnd', 'Quiet hours end must be a time such as 21:00.']);
    expect(issues).toContainEqual(['templates.reminder', 'Unknown placeholder: {nope}.']);
  });
});
