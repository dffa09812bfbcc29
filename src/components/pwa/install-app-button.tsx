"use client";

import { useId, useState } from "react";
import { isIos, promptInstall, useInstallState } from "./install-prompt";

const IOS_INSTALL_STEPS = 'On iPhone and iPad: tap Share, then "Add to Home Screen".';
const OTHER_INSTALL_STEPS =
  'Your browser has not offered the installation here. In Chrome or Edge, use the install icon in the address bar or "Install SwipeAbroad" in the menu; on Android, "Add to Home screen" in the menu.';

/**
 * "Install app": the browser's own install dialog where it offers one (Chrome, Edge, Android);
 * on iPhone and iPad, and where the browser offers none, the steps to add it by hand.
 */
export function InstallAppButton({ className = "btn-secondary px-6 py-3 text-base" }: { className?: string }) {
  const install = useInstallState();
  const [steps, setSteps] = useState<string | null>(null);
  const stepsId = useId();

  if (install.kind === "installed") {
    return (
      <p className="self-center text-sm font-medium text-slate-700" role="status">
        The app is installed on this device.
      </p>
    );
  }

  async function onClick() {
    if (install.kind === "available") {
      setSteps(null);
      await promptInstall();
      return;
    }
    setSteps((current) =>
      current ? null : isIos(navigator.userAgent, navigator.maxTouchPoints) ? IOS_INSTALL_STEPS : OTHER_INSTALL_STEPS,
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={className}
        onClick={() => void onClick()}
        aria-expanded={install.kind === "available" ? undefined : Boolean(steps)}
        aria-controls={steps ? stepsId : undefined}
      >
        Install app
      </button>
      {steps ? (
        <p id={stepsId} className="max-w-sm text-sm text-slate-600">
          {steps}
        </p>
      ) : null}
    </div>
  );
}
