-- Issue 17: the language a customer reads their SMS in (the OTP code, the deposit receipt). Swahili unless the
-- customer asks otherwise: the business serves Tanzania. A constant default, so adding it rewrites no row.
ALTER TABLE customers ADD COLUMN language text NOT NULL DEFAULT 'sw' CHECK (language IN ('en', 'sw', 'pt'));
