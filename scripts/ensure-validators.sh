#!/usr/bin/env bash
# Test-only tools: installed by scripts/test.sh, not needed to run the app.
set -euo pipefail
# The official e-invoice validators run in the server tests (apps/server/src/modules/einvoice):
# xmllint for the UBL XSDs, Saxon-HE on a Java runtime for the EN 16931 and HR CIUS rules;
# xmlsec1 checks the CIS fiscalisation signatures a second way (modules/fiscalisation).
if ! command -v xmllint >/dev/null || ! command -v java >/dev/null || [ ! -f /usr/share/java/Saxon-HE.jar ] || ! command -v xmlsec1 >/dev/null || ! command -v pdftoppm >/dev/null; then
  echo "Installing the e-invoice validators and the PDF renderer (libxml2-utils, default-jre-headless, libsaxonhe-java, xmlsec1, poppler-utils)..."
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends \
    libxml2-utils default-jre-headless libsaxonhe-java xmlsec1 poppler-utils
fi
