import { z } from 'zod';

export const ZTeam = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTeam = z.infer<typeof ZTeam>;

export const ZListTeamsResponse = z.object({ items: z.array(ZTeam), nextCursor: z.string().nullable() });

export const ZCreateTeamRequest = z.strictObject({
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(500).optional(),
});
export type TCreateTeamRequest = z.infer<typeof ZCreateTeamRequest>;

export const ZUpdateTeamRequest = z
  .strictObject({
    name: z.string().trim().min(1).max(80).optional(),
    description: z.string().trim().max(500).nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined, { message: 'nothing to change' });
export type TUpdateTeamRequest = z.infer<typeof ZUpdateTeamRequest>;
