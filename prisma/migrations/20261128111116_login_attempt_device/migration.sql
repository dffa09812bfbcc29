-- AlterTable
ALTER TABLE "LoginAttempt" ADD COLUMN     "device" TEXT;

-- CreateIndex
CREATE INDEX "LoginAttempt_device_createdAt_idx" ON "LoginAttempt"("device", "createdAt");

