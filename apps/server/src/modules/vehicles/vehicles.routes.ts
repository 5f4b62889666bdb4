import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, dataPage, idParams } from '@fieldwork/domain/common/common.schemas';
import {
  createVehicleBody,
  updateVehicleBody,
  vehicleCostQuery,
  vehicleCostSchema,
  vehicleListQuery,
  vehiclePickSchema,
  vehicleSchema,
} from '@fieldwork/domain/company/vehicles.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { createVehicle, deleteVehicle, getVehicle, listActiveVehicles, listVehiclesPage, updateVehicle, vehicleCost } from './vehicles.service.ts';

const vehicleResponse = dataOf(vehicleSchema);

/** Company vehicles. Technicians read them for the clock-in dropdown. */
export async function vehiclesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['vehicles'];
  const tenantOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).viewer.tenantId;

  r.get(
    '/api/vehicles',
    {
      preHandler: guard('vehicles.read'),
      schema: {
        tags,
        summary: 'Vehicles, paged (default 5); search by name, VIN or plate; filter by status ACTIVE or INACTIVE',
        querystring: vehicleListQuery,
        response: { 200: dataPage(vehicleSchema) },
      },
    },
    async (request) => listVehiclesPage(app.db, tenantOf(request), request.query),
  );

  r.get(
    '/api/vehicles/active',
    {
      preHandler: guard('vehicles.pick'),
      schema: {
        tags,
        summary: 'Active vehicles by name, page 1 of up to 100 (the clock-in dropdown), without cost rates',
        response: { 200: dataPage(vehiclePickSchema) },
      },
    },
    async (request) => listActiveVehicles(app.db, tenantOf(request)),
  );

  r.get(
    '/api/vehicles/cost',
    {
      preHandler: guard('vehicles.read'),
      schema: {
        tags,
        summary: "A vehicle's cost rates by VIN (and state when given)",
        querystring: vehicleCostQuery,
        response: { 200: dataOf(vehicleCostSchema) },
      },
    },
    async (request) => ({ data: await vehicleCost(app.db, tenantOf(request), request.query) }),
  );

  r.post(
    '/api/vehicles',
    {
      preHandler: guard('vehicles.write'),
      schema: { tags, summary: 'Create a vehicle (VIN unique in the company)', body: createVehicleBody, response: { 201: vehicleResponse } },
    },
    async (request, reply) => reply.status(201).send({ data: await createVehicle(app.db, requireAuth(request).viewer, request.body) }),
  );

  r.get(
    '/api/vehicles/:id',
    {
      preHandler: guard('vehicles.read'),
      schema: { tags, summary: 'One vehicle', params: idParams, response: { 200: vehicleResponse } },
    },
    async (request) => ({ data: await getVehicle(app.db, tenantOf(request), request.params.id) }),
  );

  r.put(
    '/api/vehicles/:id',
    {
      preHandler: guard('vehicles.write'),
      schema: {
        tags,
        summary: 'Edit a vehicle, or (de)activate it (send version)',
        params: idParams,
        body: updateVehicleBody,
        response: { 200: vehicleResponse },
      },
    },
    async (request) => ({ data: await updateVehicle(app.db, tenantOf(request), request.params.id, request.body) }),
  );

  r.delete(
    '/api/vehicles/:id',
    {
      preHandler: guard('vehicles.write'),
      schema: { tags, summary: 'Delete a vehicle never used on a task (otherwise 409: deactivate it)', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteVehicle(app.db, tenantOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
