import { z } from 'zod';
import { isClockTime, MAX_REMINDER_HOURS } from './text-timing.rules.ts';
import { templateProblem, TEXT_TEMPLATE_KINDS, type TextTemplateKind } from './text-templates.rules.ts';

/**
 * Contracts of what a company texts its customers and when (Settings → Text messages), and of a team member's
 * own notices. They hold without a Twilio account too: the office sees what would have been sent.
 */

const clockTime = (label: string) =>
  z.string({ error: `${label} must be a time such as 21:00.` }).refine(isClockTime, { error: `${label} must be a time such as 21:00.` });

const templateField = (kind: TextTemplateKind) =>
  z.union([
    z.string({ error: 'A text message must be text.' }).superRefine((text, ctx) => {
      const problem = templateProblem(kind, text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    z.null(),
  ]);

/** PUT /api/company/texts/preferences. A template set to null goes back to the product's wording. */
export const textPreferencesBody = z.strictObject({
  remindersOn: z.boolean({ error: 'remindersOn must be true or false.' }),
  reminderHours: z
    .number({ error: 'Reminder lead time must be a number of hours.' })
    .int({ error: 'Reminder lead time must be whole hours.' })
    .min(1, { error: `Reminder lead time must be between 1 and ${MAX_REMINDER_HOURS} hours.` })
    .max(MAX_REMINDER_HOURS, { error: `Reminder lead time must be between 1 and ${MAX_REMINDER_HOURS} hours.` }),
  quietHoursOn: z.boolean({ error: 'quietHoursOn must be true or false.' }),
  quietStart: clockTime('Quiet hours start'),
  quietEnd: clockTime('Quiet hours end'),
  bookingConfirmation: z.boolean({ error: 'bookingConfirmation must be true or false.' }),
  jobCompleted: z.boolean({ error: 'jobCompleted must be true or false.' }),
  templates: z
    .strictObject(
      Object.fromEntries(TEXT_TEMPLATE_KINDS.map((k) => [k, templateField(k).optional()])) as Record<
        TextTemplateKind,
        z.ZodOptional<ReturnType<typeof templateField>>
      >,
    )
    .optional(),
});
export type TextPreferencesBody = z.infer<typeof textPreferencesBody>;

export const textPreferencesSchema = z.object({
  remindersOn: z.boolean(),
  reminderHours: z.number(),
  quietHoursOn: z.boolean(),
  quietStart: z.string(),
  quietEnd: z.string(),
  bookingConfirmation: z.boolean(),
  jobCompleted: z.boolean(),
  /** The company's wording of each kind, or the product's where the company kept it. */
  templates: z.object(Object.fromEntries(TEXT_TEMPLATE_KINDS.map((k) => [k, z.string()])) as Record<TextTemplateKind, z.ZodString>),
  /** Kinds the company worded itself. */
  customized: z.array(z.enum(TEXT_TEMPLATE_KINDS)),
  /** The company's zone, in which the quiet hours and reminder times are read. */
  timeZone: z.string(),
});
export type TextPreferences = z.infer<typeof textPreferencesSchema>;

/** How a team member hears that a task was assigned to them or its time changed. */
export const ASSIGNMENT_NOTICES = ['off', 'email', 'text'] as const;
export type AssignmentNotice = (typeof ASSIGNMENT_NOTICES)[number];

export const ASSIGNMENT_NOTICE_LABELS = {
  off: 'Do not tell me',
  email: 'Email me',
  text: 'Text me',
} as const satisfies Record<AssignmentNotice, string>;

export const ASSIGNMENT_NOTICE_MESSAGES = {
  choose: 'Choose off, email or text.',
  noPhone: 'Add a mobile number to your profile to get texts.',
} as const;

/** PUT /api/user/notices. */
export const userNoticesBody = z.strictObject({
  assignment: z.enum(ASSIGNMENT_NOTICES, { error: ASSIGNMENT_NOTICE_MESSAGES.choose }),
});
export type UserNoticesBody = z.infer<typeof userNoticesBody>;

export const userNoticesSchema = z.object({
  assignment: z.enum(ASSIGNMENT_NOTICES),
  /** The number texts go to: the profile's phone, in E.164; null when it has none or it cannot receive texts. */
  textNumber: z.string().nullable(),
});
export type UserNotices = z.infer<typeof userNoticesSchema>;
