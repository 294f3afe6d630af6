/**
 * A plain restful service (no Kubernetes anywhere) documented with every kind of model the package accepts: a
 * typebox schema named by `$id`, a hand-written JSON Schema, a class instance and a plain sample object.
 */
import { Container, WebService } from '@apiserver/restful';
import { Type } from 'typebox';

/** A typebox model: `Pet` becomes a component through its `$id`. */
export const PetSchema = Type.Object(
  {
    name: Type.String({ description: 'the pet name' }),
    age: Type.Optional(Type.Integer({ minimum: 0 })),
    kind: Type.Union([Type.Literal('dog'), Type.Literal('cat')]),
    owner: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Pet' },
);

/** A plain JSON Schema (no `$id`: inlined), draft 2020-12 style. */
export const ErrorSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' }, retryAfter: { type: ['number', 'null'], exclusiveMinimum: 0 } },
  required: ['code', 'message'],
};

/** A class sample: a named definition `Adoption` (go-restful-openapi names definitions after the Go type). */
export class Adoption {
  petName = 'Rex';
  adopter = new Person();
  fee = 12.5;
  on = new Date(0);
  tags = ['friendly'];
}

/** Nested class sample. */
export class Person {
  name = 'Ann';
  age = 30;
  verified = true;
}

/** The pets service: two WebServices in one Container. */
export function petsContainer(): Container {
  const pets = new WebService().path('/pets').consumes('application/json').produces('application/json').doc('pets');
  pets.route(
    pets
      .get('')
      .to((_req, resp) => resp.writeEntity([]))
      .operation('listPets')
      .doc('list the pets')
      .metadata('openapi.tags', ['pets'])
      .param(pets.queryParameter('limit', 'at most this many').dataType('integer').defaultValue('20'))
      .param(pets.queryParameter('kind', 'only this kind').possibleValues(['dog', 'cat']))
      .returns(200, 'OK', [{ name: 'Rex', age: 3 }]),
  );
  pets.route(
    pets
      .post('')
      .to((_req, resp) => resp.writeHeader(201))
      .operation('createPet')
      .doc('create a pet')
      .notes('The name must be unique.')
      .metadata('openapi.tags', ['pets'])
      .reads(PetSchema, 'the new pet')
      .returns(201, 'Created', PetSchema)
      .returns(409, 'Conflict', ErrorSchema),
  );
  pets.route(
    pets
      .get('/{name}')
      .to((req, resp) => resp.writeEntity({ name: req.pathParameter('name') }))
      .operation('getPet')
      .doc('read a pet')
      .metadata('openapi.tags', ['pets'])
      .param(pets.pathParameter('name', 'the pet name'))
      .param(pets.headerParameter('X-Request-Id', 'a request id'))
      .returns(200, 'OK', PetSchema)
      .defaultReturns('an error', ErrorSchema),
  );
  pets.route(
    pets
      .delete('/{name}')
      .to((_req, resp) => resp.writeHeader(204))
      .operation('deletePet')
      .doc('delete a pet')
      .deprecate()
      .param(pets.pathParameter('name', 'the pet name'))
      .returns(204, 'No Content'),
  );
  const adoptions = new WebService().path('/adoptions').consumes('application/json').produces('application/json');
  adoptions.route(
    adoptions
      .post('')
      .to((_req, resp) => resp.writeHeader(201))
      .operation('adopt')
      .doc('adopt a pet')
      .addExtension('x-rate-limited', true)
      .reads(new Adoption())
      .writes(new Adoption()),
  );
  return new Container().add(pets).add(adoptions);
}
