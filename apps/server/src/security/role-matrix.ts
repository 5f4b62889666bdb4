/**
 * The role matrix (issue 11): for every /api route and method, what each kind of caller gets.
 * role-matrix.test.ts calls every route as every role and fails on any difference, on a route missing
 * here and on an entry for a route that no longer exists.
 *
 * Outcomes:
 * - 'ok'  passes authorization: any answer but 401, 403 or 404 (a 400/409 from the service's own rules is ok);
 * - 'own' as 'ok' on the caller's own record, and 403/404 when the same request names another user's record;
 * - 401 / 403 exactly.
 * Columns: Staff by work-order access; `fullAccess` holds for Admin and Staff fullAccess alike (roles.ts
 * classes both as admin, and the suite checks both against this column); Technician and SubContractor.
 */
export type Outcome = 'ok' | 'own' | 401 | 403;
export const MATRIX_ROLES = ['anonymous', 'noAccess', 'onlyViewAccess', 'partialAccess', 'fullAccess', 'Technician', 'SubContractor'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];
export type MatrixRow = Record<MatrixRole, Outcome>;

export const ROLE_MATRIX: Record<string, MatrixRow> = {
  // Public: API description, health, readiness, setup/signup/login/logout, invitation preview and accept, the public AI writer.
  'GET /api/docs': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/docs/static/index.html': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/docs/static/swagger-initializer.js': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/docs/json': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/docs/yaml': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/docs/static/*': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/openapi.json': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  // Live updates: office readers see the company, field users their own keys; noAccess staff have no audience (events.schemas).
  'GET /api/events': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/health': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/ready': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/auth/setup-status': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'POST /api/auth/setup': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'POST /api/auth/signup': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'POST /api/auth/login': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'POST /api/auth/logout': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/auth/invitation': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'POST /api/auth/accept-invitation': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/company': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'PUT /api/company': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/company/logo': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'PUT /api/company/logo': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'DELETE /api/company/logo': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/user/profile': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'PUT /api/user/profile': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'PUT /api/user/profile/password': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'PUT /api/user/profile/photo': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'DELETE /api/user/profile/photo': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/user/:id/photo': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/user/managed-account': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/user': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/user/invited': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/user/invitation': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/user/invitation/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'DELETE /api/user/invitation/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/user/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/user/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PATCH /api/user/:id/role': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PATCH /api/user/:id/status': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/zones/get-all-zones': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'POST /api/zones': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/zones/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'DELETE /api/zones/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/tags/filter-list': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'POST /api/tags': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/tags/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'DELETE /api/tags/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/location': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'POST /api/location': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/customers': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/customers': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/customers/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/customers/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/subcontractors': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/subcontractors': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/subcontractors/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/subcontractors/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/tokens': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'POST /api/tokens': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'DELETE /api/tokens/:id': { anonymous: 401, noAccess: 'own', onlyViewAccess: 'own', partialAccess: 'own', fullAccess: 'own', Technician: 'own', SubContractor: 'own' },
  // Spec: technicians cannot view the job list (subcontractor logins neither); Create New needs full or partial access.
  'GET /api/jobs': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/jobs/summary': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/jobs': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/jobs/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/jobs/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/jobs/:id/activities': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PATCH /api/jobs/:id/status': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/notes': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/notes': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // spec silent: partial access edits its own notes, an admin any (server's rule kept)
  'PATCH /api/notes/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'own', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // spec silent: partial access deletes its own notes, an admin any (server's rule kept)
  'DELETE /api/notes/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'own', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/jobs/media': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/jobs/media': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/jobs/media/:id/file': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'DELETE /api/jobs/media/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/aiText/generate': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/public/aiText/generate': { anonymous: 'ok', noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/table-configuration': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'PUT /api/table-configuration': { anonymous: 401, noAccess: 'ok', onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/leads': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/leads': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/leads/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // Field roles read only their own tasks (tasks.read; the repository narrows every task query — checked below in the suite).
  'GET /api/tasks': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'POST /api/tasks': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // spec §6: neither the assignee nor full access -> every task action is off (the rule's 403)
  'POST /api/tasks/close': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 'own', SubContractor: 'own' },
  'POST /api/tasks/filter-list': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'own', SubContractor: 'own' },
  'GET /api/tasks/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'own', SubContractor: 'own' },
  'PUT /api/tasks/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // spec §6: neither the assignee nor full access -> every task action is off (the rule's 403) (cancel and reopen)
  'PATCH /api/tasks/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 'own', SubContractor: 'own' },
  'GET /api/tasks/:id/activities': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'own', SubContractor: 'own' },
  'GET /api/tasks/:id/activity-log': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'own', SubContractor: 'own' },
  'POST /api/tasks/schedule': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/tasks/schedule/:scheduleId': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/tasks/technicians': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/tasks/team': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/tasks/scheduler': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/schedule': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  'GET /api/tasks/scheduler/users': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // spec silent: time off belongs to team members; a subcontractor login has none to see (server kept)
  'GET /api/time-off': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 403},
  'POST /api/time-off': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'DELETE /api/time-off/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/bids': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 'ok' },
  'GET /api/tasks/:id/bids': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/bids/:id/answer': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 403, Technician: 403, SubContractor: 'own' },
  'POST /api/bids/:id/decline': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 403, Technician: 403, SubContractor: 'own' },
  'POST /api/bids/:id/award': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/tasks/:id/bids/close': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // spec §6: neither the assignee nor full access -> every task action is off (the rule's 403)
  'POST /api/tasks/clock-in': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 'own', SubContractor: 'own' },
  // spec §6: neither the assignee nor full access -> every task action is off (the rule's 403)
  'POST /api/tasks/clock-out': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 'own', SubContractor: 'own' },
  // spec §4: the adjustment is a full-access non-assignee's (spec §6: neither the assignee nor full access -> every task action is off (the rule's 403))
  'PATCH /api/tasks/:id/activities/:activityId': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 'own', SubContractor: 'own' },
  // spec §4: subcontractors never clock in, so they get no assistants picker
  'GET /api/tasks/assistants': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 403},
  // issue 11: the fleet list carries cost rates; technicians pick from /api/vehicles/active (fixed: was open to them)
  'GET /api/vehicles': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/vehicles/active': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 403 },
  // issue 11: the fleet list carries cost rates; technicians pick from /api/vehicles/active (fixed: was open to them)
  'GET /api/vehicles/cost': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/vehicles': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // issue 11: the fleet list carries cost rates; technicians pick from /api/vehicles/active (fixed: was open to them)
  'GET /api/vehicles/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/vehicles/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'DELETE /api/vehicles/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/tasks/my-day': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'ok', SubContractor: 'ok' },
  // Issue 8: technicians and subcontractors get 403 on every estimate, invoice, catalogue and PDF route; view-only reads.
  'GET /api/estimates': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/estimates': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/estimates/link': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/estimates/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/estimates/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'DELETE /api/estimates/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/estimates/:id/send': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/estimates/:id/void': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/estimates/:id/draft': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/estimates/:id/convert': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/estimates/:id/deposit': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/estimates/:id/approval': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/invoices': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/invoices': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/invoices/link': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/invoices/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/invoices/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'DELETE /api/invoices/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/invoices/:id/send': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/invoices/:id/void': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/invoices/:id/draft': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/invoices/:id/payments': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/catalogue': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'POST /api/catalogue': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/catalogue/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/catalogue/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'DELETE /api/catalogue/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/estimates/:id/pdf': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/invoices/:id/pdf': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // Sent with the caller's own personal API token (Bearer): only an office writer's token may post calls; a cookie alone is 401.
  'POST /api/receptionist/calls': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/receptionist/calls': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/receptionist/calls/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // Issue 10: field roles get no finance or dashboard figures (403); view-only staff read them.
  'GET /api/dashboard/ai-receptionist-metrics': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // assets.read: a technician reads the equipment at the sites of its own tasks only
  'GET /api/assets': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'own', SubContractor: 403 },
  'POST /api/assets': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/assets/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'DELETE /api/assets/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/dashboard/asset-distribution': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/dashboard/onboarding': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/dashboard/onboarding': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/dashboard/configuration': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/dashboard/configuration': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/dashboard/financing': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'PUT /api/dashboard/financing': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/dashboard/finance-metrics': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/dashboard/revenue-chart': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/dashboard/job-metrics': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/dashboard/customer-stats': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/dashboard/lead-metrics': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/dashboard/top-revenue-zones': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  'GET /api/dashboard/top-revenue-tags': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // Issue 9: technicians see and add costs only on their own tasks; subcontractor logins never; job-wide lists, exports and analysis are office-only.
  'GET /api/cost/get': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'own', SubContractor: 403 },
  'GET /api/cost/list': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 'own', SubContractor: 403 },
  'GET /api/cost/analysis/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // spec §6: neither the assignee nor full access -> every task action is off (the rule's 403); suggestions are for adding costs
  'GET /api/cost/suggestions': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 'own', SubContractor: 403 },
  'GET /api/cost': { anonymous: 401, noAccess: 403, onlyViewAccess: 'ok', partialAccess: 'ok', fullAccess: 'ok', Technician: 403, SubContractor: 403 },
  // spec §6: neither the assignee nor full access -> every task action is off (the rule's 403); add cost on a task is a task action
  'POST /api/cost': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 'own', SubContractor: 403 },
  // costs-access.ts: keeping a cost on a technician's task follows that task's addCost rule (spec §6 gate: not the assignee, no full access); view-only reads
  'PUT /api/cost/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 403, fullAccess: 'ok', Technician: 'own', SubContractor: 403 },
  // issue 9: office writers delete any cost, view-only only reads (the task rule refuses it)
  'DELETE /api/cost/:id': { anonymous: 401, noAccess: 403, onlyViewAccess: 403, partialAccess: 'ok', fullAccess: 'ok', Technician: 'own', SubContractor: 403 },
};
