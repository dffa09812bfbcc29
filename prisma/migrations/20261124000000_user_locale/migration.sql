-- AlterTable
ALTER TABLE "Student" ALTER COLUMN "language" SET DEFAULT 'en-GB',
ALTER COLUMN "timeZone" SET DEFAULT 'Europe/Berlin';

-- Data: the profile's time zone was a fixed offset ("UTC+01:00"); it becomes an IANA zone that has
-- that offset all year, so that every user keeps seeing the times they saw: "UTC+00:00" -> "UTC",
-- whole hours -> "Etc/GMT-N" (the Etc names' sign is inverted: Etc/GMT-1 is UTC+01:00), the few
-- offsets of half or three quarters of an hour -> the zone that has them all year, anything else -> "UTC".
UPDATE "Student" SET "timeZone" = CASE
  WHEN "timeZone" IN ('UTC+00:00', 'UTC-00:00') THEN 'UTC'
  WHEN "timeZone" ~ '^UTC\+(0[1-9]|1[0-4]):00$' THEN 'Etc/GMT-' || substr("timeZone", 5, 2)::int
  WHEN "timeZone" ~ '^UTC-(0[1-9]|1[0-2]):00$' THEN 'Etc/GMT+' || substr("timeZone", 5, 2)::int
  WHEN "timeZone" = 'UTC+05:30' THEN 'Asia/Kolkata'
  WHEN "timeZone" = 'UTC+05:45' THEN 'Asia/Kathmandu'
  WHEN "timeZone" = 'UTC+03:30' THEN 'Asia/Tehran'
  WHEN "timeZone" = 'UTC+04:30' THEN 'Asia/Kabul'
  WHEN "timeZone" = 'UTC+06:30' THEN 'Asia/Yangon'
  WHEN "timeZone" = 'UTC+08:45' THEN 'Australia/Eucla'
  WHEN "timeZone" = 'UTC+09:30' THEN 'Australia/Darwin'
  WHEN "timeZone" = 'UTC-09:30' THEN 'Pacific/Marquesas'
  ELSE 'UTC'
END
WHERE "timeZone" ~ '^UTC[+-]\d{2}:\d{2}$';

-- Data: the language was any ISO 639-1 code; it becomes one of the languages the product serves
-- (a language with its region, for date and number formats), English (United Kingdom) otherwise.
UPDATE "Student" SET "language" = CASE "language"
  WHEN 'en' THEN 'en-GB'
  WHEN 'de' THEN 'de-DE'
  WHEN 'es' THEN 'es-ES'
  WHEN 'fr' THEN 'fr-FR'
  WHEN 'it' THEN 'it-IT'
  WHEN 'pt' THEN 'pt-BR'
  WHEN 'tr' THEN 'tr-TR'
  WHEN 'ru' THEN 'ru-RU'
  WHEN 'ar' THEN 'ar'
  WHEN 'hi' THEN 'hi-IN'
  WHEN 'vi' THEN 'vi-VN'
  WHEN 'zh' THEN 'zh-CN'
  WHEN 'ko' THEN 'ko-KR'
  WHEN 'ja' THEN 'ja-JP'
  ELSE 'en-GB'
END
WHERE "language" NOT IN ('en-GB', 'en-US', 'de-DE', 'es-ES', 'fr-FR', 'it-IT', 'pt-BR', 'tr-TR', 'ru-RU', 'ar', 'hi-IN', 'vi-VN', 'zh-CN', 'ko-KR', 'ja-JP');
