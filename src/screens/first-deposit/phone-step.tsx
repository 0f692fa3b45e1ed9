import { Badge, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { FirstDepositRef } from './wizard-ref';
import { useMoney } from './wizard-parts';

/** Step 2: the phones the customer qualifies for, in stock at the agent's store. */
export function PhoneStep({ wizard }: { wizard: FirstDepositRef }) {
  const { t } = useTranslation('deposit');
  const money = useMoney();
  const customer = useSelector(wizard, (s) => s.context.customer);
  const phones = useSelector(wizard, (s) => s.context.phones);

  return (
    <Stack gap="4">
      {customer && (
        <Text>{t('deposit:phone.intro', { name: `${customer.first_name} ${customer.other_names}`, count: phones.length })}</Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" role="list" aria-label={t('deposit:phone.listLabel')}>
        {phones.map((phone) => (
          <Card.Root key={phone.phone_price_id} role="listitem" size="sm" variant="outline" minW="0">
            <Card.Body gap="1">
              <HStack justify="space-between" align="start" gap="2">
                <Card.Title minW="0" overflowWrap="anywhere">
                  {phone.name}
                </Card.Title>
                <Badge flexShrink="0">{t(`deposit:lockType.${phone.lock_solution_type}`)}</Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {t('deposit:phone.specs', { model: phone.model, storage: phone.storage_gb, ram: phone.ram_gb, count: phone.in_stock })}
              </Text>
              <Text>{t('deposit:phone.price', { price: money(phone.price) })}</Text>
              <Text fontSize="sm">{t('deposit:phone.plan', { deposit: money(phone.deposit), daily: money(phone.daily_payment) })}</Text>
            </Card.Body>
            <Card.Footer>
              {/* Issue 17: a long name ("Chagua Samsung Galaxy A04e (32 GB)") wraps inside its card at 360 px. */}
              <Button
                size="sm"
                colorPalette="blue"
                whiteSpace="normal"
                h="auto"
                minH="8"
                py="1.5"
                maxW="full"
                textAlign="start"
                onClick={() => wizard.send({ type: 'phone.picked', phonePriceId: phone.phone_price_id })}
              >
                {t('deposit:phone.pick', { name: phone.name })}
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Button variant="outline" alignSelf="start" onClick={() => wizard.send({ type: 'wizard.back' })}>
        {t('deposit:back')}
      </Button>
    </Stack>
  );
}
