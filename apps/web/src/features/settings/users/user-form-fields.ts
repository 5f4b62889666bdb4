import { z } from 'zod';
import { ACCESS_LABELS, ACCESS_LEVELS, ROLE_NAMES, accessLevelSchema, roleNameSchema } from '@fieldwork/domain/access/roles.rules';

import { REQUIRED_SELECT } from '../../../lib/form-messages';

/** Required selects start empty; an empty choice reads "This field is required" before the domain check runs. */
export const requiredRole = z.string().min(1, { error: REQUIRED_SELECT }).pipe(roleNameSchema);
export const requiredAccess = z.string().min(1, { error: REQUIRED_SELECT }).pipe(accessLevelSchema);

export const ROLE_OPTIONS = ROLE_NAMES.map((r) => ({ value: r, label: r }));
export const ACCESS_OPTIONS = ACCESS_LEVELS.map((a) => ({ value: a, label: ACCESS_LABELS[a] }));

export const refs = (ids: readonly string[]) => ids.map((id) => ({ id }));
