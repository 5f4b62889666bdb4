import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, dataPage, idParams } from '@fieldwork/domain/common/common.schemas';
import {
  createCustomerBody,
  customerListItemSchema,
  customerListQuery,
  customerSchema,
  updateCustomerBody,
} from '@fieldwork/domain/customers/customers.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { createCustomer, getCustomer, listCustomersPage, updateCustomer } from './customers.service.ts';

const customerResponse = dataOf(customerSchema);

export async function customersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];

  r.get(
    '/api/customers',
    {
      preHandler: guard('customers.read'),
      schema: {
        tags,
        summary: 'Customers, paged; search matches name, email, phone, contact names and addresses',
        querystring: customerListQuery,
        response: { 200: dataPage(customerListItemSchema) },
      },
    },
    async (request) => listCustomersPage(app.db, requireAuth(request).viewer.tenantId, request.query),
  );

  r.post(
    '/api/customers',
    {
      preHandler: guard('customers.write'),
      schema: { tags, summary: 'Create a customer with addresses, contacts and ACCOUNT tags', body: createCustomerBody, response: { 201: customerResponse } },
    },
    async (request, reply) => reply.status(201).send({ data: await createCustomer(app.db, requireAuth(request).viewer, request.body) }),
  );

  r.get(
    '/api/customers/:id',
    {
      preHandler: guard('customers.read'),
      schema: { tags, summary: 'One customer with current addresses and contacts', params: idParams, response: { 200: customerResponse } },
    },
    async (request) => ({ data: await getCustomer(app.db, requireAuth(request).viewer.tenantId, request.params.id) }),
  );

  r.put(
    '/api/customers/:id',
    {
      preHandler: guard('customers.write'),
      schema: {
        tags,
        summary: 'Edit a customer (send version); addresses/contacts with id are kept, without id added, left out archived',
        params: idParams,
        body: updateCustomerBody,
        response: { 200: customerResponse },
      },
    },
    async (request) => ({ data: await updateCustomer(app.db, requireAuth(request).viewer.tenantId, request.params.id, request.body) }),
  );
}
