import { z } from 'zod';

export const AI_INPUT_MAX = 1000;

export const aiTextBody = z
  .strictObject({
    aiTextType: z.enum(['JobDescription'], { error: 'aiTextType must be JobDescription.' }),
    requestType: z.enum(['Generate', 'Improvise'], { error: 'requestType must be Generate or Improvise.' }),
    currentDescription: z
      .string()
      .max(AI_INPUT_MAX, { error: `Description must be less than or equal to ${AI_INPUT_MAX} characters.` })
      .optional(),
    inputData: z.strictObject({
      jobName: z.string().trim().max(50, { error: 'Job Name must be less than or equal to 50 characters.' }).default(''),
      jobTags: z.array(z.string().trim().max(60)).max(20).default([]),
      customerName: z.string().trim().max(100).optional(),
      siteAddress: z.string().trim().max(300).optional(),
    }),
  })
  .superRefine((body, ctx) => {
    if (body.requestType === 'Improvise' && !body.currentDescription?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['currentDescription'], message: 'Description is required!' });
    }
  });
export type AiTextBody = z.infer<typeof aiTextBody>;

export const aiTextResultSchema = z.object({ description: z.string(), provider: z.enum(['offline', 'model']) });

/** Toast titles, spelled correctly (the spec's "Generateing/Improveing" is a typo the issue corrects). */
export const AI_FAILURE_TITLE = { Generate: 'Generating failure', Improvise: 'Improving failure' } as const;
