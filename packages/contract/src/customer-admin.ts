// Schemas of the admin's customer editor (manage/customers, ADR 0025): the same fields and rules as a
// lab's own customer form, on any lab's customer, with that lab's defaults for the fee and SMS.
import { z } from 'zod';
import { CUSTOMER_MSG, addCustomerRequestSchema, manageCustomerDetailSchema } from './customers.ts';

/** `POST /Manage/EditCustomer`: `AddCustomer`'s body, for an existing customer of any lab. */
export const manageEditCustomerSchema = addCustomerRequestSchema.extend({
  customerId: z.string().trim().pipe(z.uuid(CUSTOMER_MSG.idInvalid)),
});
export type ManageEditCustomerRequest = z.output<typeof manageEditCustomerSchema>;
export type ManageEditCustomerInput = z.input<typeof manageEditCustomerSchema>;

/**
 * The lab's own fee and SMS defaults: a customer's settings are kept only where they differ from
 * these, so the admin's form needs them as the lab's form has them from its sign-in.
 */
export const customerWorkshopDefaultsSchema = z.object({
  vage: z.number(),
  vageType: z.union([z.literal(0), z.literal(1)]),
  sendSMS: z.boolean(),
});
export type CustomerWorkshopDefaults = z.infer<typeof customerWorkshopDefaultsSchema>;

/** `GET /Manage/GetCustomer`: the customer card, and what the edit form needs besides. */
export const manageCustomerCardSchema = manageCustomerDetailSchema.extend({
  workshopDefaults: customerWorkshopDefaultsSchema,
});
export type ManageCustomerCard = z.infer<typeof manageCustomerCardSchema>;
