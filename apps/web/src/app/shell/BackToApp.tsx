import { ArrowLeft } from "lucide-react";
import { Link } from "react-router-dom";
import { buttonVariants } from "@/components/ui/button";

/** The 'Back to the app' link at the top of the pages around the Focus Arena. */
export function BackToApp() {
  return (
    <Link to="/app" className={buttonVariants({ variant: "ghost", size: "sm", className: "-ml-3 justify-self-start" })}>
      <ArrowLeft aria-hidden />
      Back to the app
    </Link>
  );
}
