/*
 * canon_scf.c - canonicalization of the scf dialect (SCF.cpp).
 */
#include "canon.h"

void canon_rules_scf(CanonRules *r) { (void)r; }
