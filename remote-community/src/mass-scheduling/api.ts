import { callApi } from 'shared';
import { IntentionCare, MassInput, RegularMassInput, type Schemas } from 'api/contract';
import { pageCall, recordKindOf, resource } from 'shared/data';

/** A mass intention sent from the mobile app (spec §3), with its state, its Mass, stipend and receipt. */
export type MassIntention = Schemas['ScheduledMassIntention'];
export type IntentionState = MassIntention['state'];
/** A Mass on a date, with the intentions placed in it. */
export type Mass = Schemas['Mass'];
export type MassWeek = Schemas['MassWeek'];
export type RegularMass = Schemas['RegularMass'];
export type MassFields = Schemas['MassInput'];
export type RegularMassFields = Schemas['RegularMassInput'];
export type Care = Schemas['IntentionCare'];
/** The intentions report of a period: its Masses with their intentions, and the totals of stipends. */
export type IntentionsReport = Schemas['IntentionsReport'];
export type ReportMass = Schemas['ReportMass'];

export const WEEKDAYS = RegularMassInput.weekday.enum;
export const INTENTION_STATES = IntentionCare.state.enum;
/** The limits the server keeps. */
export const LIMITS = {
  place: MassInput.place.maxLength,
  celebrant: MassInput.celebrant.maxLength,
  title: MassInput.title.maxLength,
  cap: MassInput.cap.maximum,
  receipt: IntentionCare.receipt.maxLength,
};

/**
 * The intentions and the Masses: one set of query keys, since every write to either changes what the
 * other shows (an intention's Mass, a Mass's intentions).
 */
export const massIntentions = resource('mass-intentions');

export const massIntentionsApi = {
  /** A page of the intentions containing q, with how many match in all. */
  page: pageCall('/api/v1/mass/intention/{userId}'),
  week: async (userId: string, week: string, signal?: AbortSignal) =>
    (await callApi('get', '/api/v1/masses/week/{userId}', { params: { userId }, query: { week }, signal })).data,
  report: async (userId: string, period: { from: string; to: string }, signal?: AbortSignal) =>
    (await callApi('get', '/api/v1/masses/report/{userId}', { params: { userId }, query: period, signal })).data,
  regular: async (userId: string, signal?: AbortSignal) =>
    (await callApi('get', '/api/v1/masses/regular/{userId}', { params: { userId }, signal })).data,
  place: async (userId: string, id: string, massId: string) =>
    massIntentions.write(
      callApi('put', '/api/v1/mass/intention/place/{userId}/{id}', { params: { userId, id }, body: { massId } }),
    ),
  care: async (userId: string, id: string, body: Care) =>
    massIntentions.write(callApi('put', '/api/v1/mass/intention/{userId}/{id}', { params: { userId, id }, body })),
  addRegular: async (userId: string, body: RegularMassFields) =>
    massIntentions.write(callApi('post', '/api/v1/add/regular/mass/{userId}', { params: { userId }, body })),
  editRegular: async (userId: string, id: string, body: RegularMassFields) =>
    massIntentions.write(callApi('put', '/api/v1/edit/regular/mass/{userId}/{id}', { params: { userId, id }, body })),
  removeRegular: async (userId: string, id: string) =>
    massIntentions.write(callApi('delete', '/api/v1/delete/regular/mass/{userId}/{id}', { params: { userId, id } })),
  addMass: async (userId: string, body: MassFields) =>
    massIntentions.write(callApi('post', '/api/v1/add/mass/{userId}', { params: { userId }, body })),
  editMass: async (userId: string, id: string, body: MassFields) =>
    massIntentions.write(callApi('put', '/api/v1/edit/mass/{userId}/{id}', { params: { userId, id }, body })),
  removeMass: async (userId: string, id: string) =>
    massIntentions.write(callApi('delete', '/api/v1/delete/mass/{userId}/{id}', { params: { userId, id } })),
};

/** A mass intention as the back-office sees it: sent from the app, cared for in its details. */
export const massIntentionKind = recordKindOf<MassIntention, Care>({
  noun: 'Mass intention',
  resource: massIntentions,
  calls: { update: (userId, id, care) => massIntentionsApi.care(userId, id, care) },
  list: '/mass-scheduling',
});
