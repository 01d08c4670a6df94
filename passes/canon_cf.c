/*
 * canon_cf.c - canonicalization of the cf dialect (ControlFlowOps.cpp).
 */
#include "canon.h"

void canon_rules_cf(CanonRules *r) { (void)r; }
