import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Field, HStack, Heading, Input, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearchParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { CALL_MOODS, CALL_TYPES } from '../../contract/customer-actions';
import {
  CALL_OUTCOMES,
  DEFAULT_REASONS,
  debtCallCommentRequest,
  debtCallRatingRequest,
  logDebtCallRequest,
  promiseUnlockRequest,
  type DebtCall,
  type DebtCalls,
} from '../../contract/collections';
import { useLiveLogic, type CollectionActionKind } from '../common/live-logic';
import { LoadFailure } from '../common/load-failure';
import { Facts } from '../common/facts';
import { FormDialog } from '../common/form-dialog';
import { fieldErrors } from '../common/field-errors';
import { CategoryBadge, Refusal, Select, useFormats } from './common';

/**
 * A defaulter's collection worklist (/dashboard/collection-worklist?loan=<id>): the loan as the collector needs it,
 * every call logged with its promise to pay, comments and ratings, and the forms to log a call, comment and rate.
 * Each form is the customer-action process over its call; a saved form reloads the worklist.
 */
export default function WorklistScreen() {
  const { t } = useTranslation(['collections', 'translation']);
  const [search] = useSearchParams();
  const loan = search.get('loan');
  const [version, setVersion] = useState(0);
  if (!loan || !/^[1-9]\d{0,14}$/.test(loan)) {
    return (
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t('collections:worklist.noLoan')}</Alert.Title>
      </Alert.Root>
    );
  }
  return <Worklist key={`${loan}:${version}`} loanId={Number(loan)} reload={() => setVersion((v) => v + 1)} />;
}

function Worklist({ loanId, reload }: { loanId: number; reload: () => void }) {
  const { t } = useTranslation(['collections', 'translation']);
  const f = useFormats();
  const load = useActorRef(useLiveLogic('collectionLoad')('calls'), { input: { params: loanId } });
  const data = useSelector(load, (s) => s.context.data as DebtCalls | null);
  const failure = useSelector(load, (s) => s.context.failure);
  if (failure) {
    return (
      <Stack gap="4">
        <Heading as="h1" size="lg">
          {t('collections:worklist.title')}
        </Heading>
        <Refusal failure={failure.reason ? failure : null} />
        {!failure.reason && <LoadFailure failure={failure} onRetry={() => load.send({ type: 'load.retry' })} />}
      </Stack>
    );
  }
  if (!data) {
    return (
      <Stack gap="2" role="status" aria-busy="true" aria-label={t('shell.loading')}>
        <Skeleton height="8" />
        <Skeleton height="24" />
      </Stack>
    );
  }
  const l = data.loan;
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Link href="/defaulters_list">{t('collections:worklist.back')}</Link>
        <Heading as="h1" size="lg">
          {t('collections:worklist.heading', { name: l.customer.name })}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <CategoryBadge category={l.category} />
          {l.broken_promise && <Badge colorPalette="red">{t('collections:brokenPromise')}</Badge>}
        </HStack>
      </Stack>
      <Facts
        rows={[
          [t('collections:col.phone'), l.customer.msisdn],
          [t('collections:col.loan'), l.loan_number],
          [t('collections:col.days'), String(l.days_defaulted)],
          [t('collections:col.amountDue'), f.money(l.amount_due)],
          [t('collections:col.balance'), f.money(l.loan_balance)],
          [t('collections:col.lastPayment'), f.day(l.last_repayment_date)],
          [
            t('collections:col.device'),
            `${l.device.is_locked ? t('collections:locked') : t('collections:unlocked')} · ${t('collections:checkIn', { at: f.time(l.device.last_check_in) })}`,
          ],
          [t('collections:col.store'), `${l.store.name} (${l.region.name})`],
          [t('collections:col.collector'), l.collector?.name ?? t('collections:unassigned')],
          [t('collections:col.nextAction'), f.day(l.next_action_date)],
          [
            t('collections:col.promise'),
            l.promise
              ? t('collections:promiseSummary', {
                  status: t(`collections:promiseStatus.${l.promise.status}`),
                  amount: f.money(l.promise.amount),
                  day: f.day(l.promise.promised_on),
                })
              : '—',
          ],
          [
            t('collections:col.unlock'),
            data.unlock ? t(`collections:unlock.${data.unlock.status}`, { day: f.day(data.unlock.until) }) : '—',
          ],
        ]}
      />
      <HStack gap="2" wrap="wrap">
        <LogCallAction loanId={loanId} onDone={reload} />
        {l.device.is_locked && l.promise?.status === 'open' && !data.unlock && (
          <UnlockAction loanId={loanId} until={l.promise.promised_on} onDone={reload} />
        )}
      </HStack>
      <Heading as="h2" size="md">
        {t('collections:worklist.calls')}
      </Heading>
      {data.calls.length === 0 ? (
        <Text color="fg.muted">{t('collections:worklist.noCalls')}</Text>
      ) : (
        <Stack gap="3" as="ul" listStyleType="none">
          {data.calls.map((call) => (
            <CallCard key={call.id} call={call} onDone={reload} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CallCard({ call, onDone }: { call: DebtCall; onDone: () => void }) {
  const { t } = useTranslation(['collections', 'translation']);
  const f = useFormats();
  return (
    <Card.Root as="li" size="sm">
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" wrap="wrap">
            <Text fontWeight="semibold">{t(`collections:outcome.${call.outcome}`)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('collections:worklist.callBy', { type: t(`collections:callType.${call.call_type}`), by: call.by, at: f.time(call.at) })}
            </Text>
          </HStack>
          {call.reason && (
            <Text fontSize="sm">{t('collections:worklist.reasonIs', { reason: t(`collections:reason.${call.reason}`) })}</Text>
          )}
          {call.remark && <Text fontSize="sm">{call.remark}</Text>}
          {call.promise && (
            <Text fontSize="sm">
              {t('collections:promiseSummary', {
                status: t(`collections:promiseStatus.${call.promise.status}`),
                amount: f.money(call.promise.amount),
                day: f.day(call.promise.promised_on),
              })}
              {call.promise.paid_since > 0 && ` · ${t('collections:paidSince', { amount: f.money(call.promise.paid_since) })}`}
            </Text>
          )}
          {call.comments.map((c) => (
            <Text key={`c${c.id}`} fontSize="sm" color="fg.muted">
              {t('collections:worklist.comment', { by: c.by, comment: c.comment })}
            </Text>
          ))}
          {call.ratings.map((r) => (
            <Text key={`r${r.id}`} fontSize="sm" color="fg.muted">
              {t('collections:worklist.rating', { by: r.by, score: r.score, mood: t(`collections:mood.${r.mood}`) })}
              {r.comment ? ` · ${r.comment}` : ''}
            </Text>
          ))}
          <HStack gap="2">
            <CommentAction callId={call.id} onDone={onDone} />
            <RateAction callId={call.id} onDone={onDone} />
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** One action's actor over the customer-action process; `onDone` runs once the call is saved. */
function useCollectionAction(kind: CollectionActionKind) {
  const actor = useActorRef(useLiveLogic('collectionAction')(kind));
  return {
    actor,
    open: useSelector(actor, (s) => s.matches('editing') || s.matches('submitting')),
    busy: useSelector(actor, (s) => s.hasTag('busy')),
    failure: useSelector(actor, (s) => s.context.failure),
    done: useSelector(actor, (s) => s.matches('done')),
  };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

function LogCallAction({ loanId, onDone }: { loanId: number; onDone: () => void }) {
  const { t } = useTranslation(['collections', 'translation']);
  const a = useCollectionAction('logCall');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState('');
  useEffect(() => {
    if (a.done) onDone();
  }, [a.done, onDone]);
  const submit = (form: FormData) => {
    const promised = outcome === 'promised_to_pay';
    const amount = text(form, 'promise_amount');
    const v = {
      loan_id: loanId,
      call_type: text(form, 'call_type'),
      outcome,
      ...(text(form, 'reason') ? { reason: text(form, 'reason') } : {}),
      ...(text(form, 'remark') ? { remark: text(form, 'remark') } : {}),
      ...(text(form, 'next_action_date') ? { next_action_date: text(form, 'next_action_date') } : {}),
      ...(promised ? { promise: { promised_on: text(form, 'promised_on'), amount: amount === '' ? Number.NaN : Number(amount) } } : {}),
    };
    const parsed = logDebtCallRequest.safeParse(v);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) a.actor.send({ type: 'action.submitted', values: v });
  };
  return (
    <>
      <Button colorPalette="blue" alignSelf="start" onClick={() => a.actor.send({ type: 'action.opened' })}>
        {t('collections:logCall.button')}
      </Button>
      <FormDialog
        title={t('collections:logCall.title')}
        open={a.open}
        saving={a.busy}
        failure={null}
        submitLabel={t('collections:logCall.submit')}
        onCancel={() => a.actor.send({ type: 'action.cancelled' })}
        onSubmit={submit}
      >
        <Refusal failure={a.failure} />
        <Select
          label={t('collections:logCall.callType')}
          name="call_type"
          value="outgoing"
          options={CALL_TYPES}
          words={(c) => t(`collections:callType.${c}`)}
          invalid={!!errors.call_type}
          error={t('collections:required')}
        />
        <Select
          label={t('collections:logCall.outcome')}
          name="outcome"
          value={outcome}
          onChange={setOutcome}
          options={CALL_OUTCOMES}
          words={(o) => t(`collections:outcome.${o}`)}
          empty={t('collections:choose')}
          invalid={!!errors.outcome}
          error={t('collections:required')}
        />
        <Select
          label={t('collections:logCall.reason')}
          name="reason"
          options={DEFAULT_REASONS}
          words={(r) => t(`collections:reason.${r}`)}
          empty={t('collections:notGiven')}
        />
        <Field.Root>
          <Field.Label>{t('collections:logCall.remark')}</Field.Label>
          <Textarea name="remark" rows={2} maxLength={500} />
        </Field.Root>
        <Field.Root invalid={!!errors.next_action_date}>
          <Field.Label>{t('collections:logCall.nextAction')}</Field.Label>
          <Input name="next_action_date" type="date" />
          <Field.ErrorText>{t('collections:validDate')}</Field.ErrorText>
        </Field.Root>
        {outcome === 'promised_to_pay' && (
          <>
            <Field.Root invalid={!!errors['promise.promised_on'] || !!errors.promise} required>
              <Field.Label>{t('collections:logCall.promisedOn')}</Field.Label>
              <Input name="promised_on" type="date" />
              <Field.ErrorText>{t('collections:validDate')}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors['promise.amount']} required>
              <Field.Label>{t('collections:logCall.promiseAmount')}</Field.Label>
              <Input name="promise_amount" type="number" inputMode="numeric" min={1} step={1} />
              <Field.ErrorText>{t('collections:validAmount')}</Field.ErrorText>
            </Field.Root>
          </>
        )}
      </FormDialog>
    </>
  );
}

/**
 * Asks for the device to be unlocked until the promise date: a request a second person approves in the business
 * inbox (decision 020). The dialog says what happens, and the reason is what the approver reads.
 */
function UnlockAction({ loanId, until, onDone }: { loanId: number; until: string; onDone: () => void }) {
  const { t } = useTranslation(['collections', 'translation']);
  const f = useFormats();
  const a = useCollectionAction('unlock');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (a.done) onDone();
  }, [a.done, onDone]);
  const submit = (form: FormData) => {
    const v = { loan_id: loanId, reason: text(form, 'reason') };
    const ok = promiseUnlockRequest.safeParse(v).success;
    setInvalid(!ok);
    if (ok) a.actor.send({ type: 'action.submitted', values: v });
  };
  return (
    <>
      <Button variant="outline" onClick={() => a.actor.send({ type: 'action.opened' })}>
        {t('collections:unlock.button')}
      </Button>
      <FormDialog
        title={t('collections:unlock.title')}
        open={a.open}
        saving={a.busy}
        failure={null}
        submitLabel={t('collections:unlock.submit')}
        onCancel={() => a.actor.send({ type: 'action.cancelled' })}
        onSubmit={submit}
      >
        <Text>{t('collections:unlock.explain', { day: f.day(until) })}</Text>
        <Refusal failure={a.failure} />
        <Field.Root invalid={invalid} required>
          <Field.Label>{t('collections:unlock.reason')}</Field.Label>
          <Textarea name="reason" rows={3} maxLength={500} />
          <Field.ErrorText>{t('collections:unlock.reasonHint')}</Field.ErrorText>
        </Field.Root>
      </FormDialog>
    </>
  );
}

function CommentAction({ callId, onDone }: { callId: number; onDone: () => void }) {
  const { t } = useTranslation(['collections', 'translation']);
  const a = useCollectionAction('comment');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (a.done) onDone();
  }, [a.done, onDone]);
  const submit = (form: FormData) => {
    const v = { call_id: callId, comment: text(form, 'comment') };
    const ok = debtCallCommentRequest.safeParse(v).success;
    setInvalid(!ok);
    if (ok) a.actor.send({ type: 'action.submitted', values: v });
  };
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => a.actor.send({ type: 'action.opened' })}>
        {t('collections:comment.button')}
      </Button>
      <FormDialog
        title={t('collections:comment.title')}
        open={a.open}
        saving={a.busy}
        failure={null}
        onCancel={() => a.actor.send({ type: 'action.cancelled' })}
        onSubmit={submit}
      >
        <Refusal failure={a.failure} />
        <Field.Root invalid={invalid} required>
          <Field.Label>{t('collections:comment.label')}</Field.Label>
          <Textarea name="comment" rows={3} maxLength={500} />
          <Field.ErrorText>{t('collections:required')}</Field.ErrorText>
        </Field.Root>
      </FormDialog>
    </>
  );
}

function RateAction({ callId, onDone }: { callId: number; onDone: () => void }) {
  const { t } = useTranslation(['collections', 'translation']);
  const a = useCollectionAction('rate');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (a.done) onDone();
  }, [a.done, onDone]);
  const submit = (form: FormData) => {
    const v = {
      call_id: callId,
      score: Number(text(form, 'score') || Number.NaN),
      mood: text(form, 'mood'),
      ...(text(form, 'comment') ? { comment: text(form, 'comment') } : {}),
    };
    const parsed = debtCallRatingRequest.safeParse(v);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) a.actor.send({ type: 'action.submitted', values: v });
  };
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => a.actor.send({ type: 'action.opened' })}>
        {t('collections:rate.button')}
      </Button>
      <FormDialog
        title={t('collections:rate.title')}
        open={a.open}
        saving={a.busy}
        failure={null}
        onCancel={() => a.actor.send({ type: 'action.cancelled' })}
        onSubmit={submit}
      >
        <Refusal failure={a.failure} />
        <Select
          label={t('collections:rate.score')}
          name="score"
          options={['1', '2', '3', '4', '5']}
          words={(s) => s}
          empty={t('collections:choose')}
          invalid={!!errors.score}
          error={t('collections:required')}
        />
        <Select
          label={t('collections:rate.mood')}
          name="mood"
          options={CALL_MOODS}
          words={(m) => t(`collections:mood.${m}`)}
          empty={t('collections:choose')}
          invalid={!!errors.mood}
          error={t('collections:required')}
        />
        <Field.Root>
          <Field.Label>{t('collections:comment.label')}</Field.Label>
          <Textarea name="comment" rows={2} maxLength={500} />
        </Field.Root>
      </FormDialog>
    </>
  );
}
